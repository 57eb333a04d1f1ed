//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Crypto
import Foundation
import Testing

@testable import GatehouseServer

/// The hand-written formatters that replaced `String(format:)` on hot paths must print exactly
/// what the format strings did: stored hashes and keys depend on it.
@Suite struct FormattingTests {
    @Test func hexMatchesPrintfForEveryByte() {
        let bytes = (0...255).map(UInt8.init)
        #expect(bytes.hexString == bytes.map { String(format: "%02x", $0) }.joined())
        #expect([UInt8]().hexString == "")
    }

    @Test func hexOfAnHMACMatchesPrintf() {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("gatehouse".utf8), using: SymmetricKey(data: Data("key".utf8)))
        #expect(mac.hexString == mac.map { String(format: "%02x", $0) }.joined())
        #expect(mac.hexString.count == 64)
    }

    @Test(arguments: [0, 7, 42, 999, 123_456, 999_999])
    func zeroPaddingMatchesPrintf(value: Int) {
        #expect(value.zeroPadded(toWidth: 6) == String(format: "%06d", value))
    }

    @Test func zeroPaddingNeverTruncates() {
        #expect(1_234_567.zeroPadded(toWidth: 6) == "1234567")
    }

    @Test(arguments: [0.0, 0.004, 0.005, 1.5, 12.345, 12.3449, 999.999, 1234.5])
    func twoDecimalsMatchesPrintf(value: Double) {
        #expect(value.twoDecimals == String(format: "%.2f", value))
    }
}
