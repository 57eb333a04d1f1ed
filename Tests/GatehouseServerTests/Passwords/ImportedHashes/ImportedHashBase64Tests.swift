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

import Foundation
import Testing

@testable import GatehouseServer

/// The base64 the imported formats use: both alphabets, each padding rule, and refusals.
@Suite("Imported hash base64")
struct ImportedHashBase64Tests {
    @Test("decodes what Foundation encodes, padded or not, at every length")
    func roundTrip() {
        for length in 0..<40 {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let padded = Data(data).base64EncodedString()
            #expect(ImportedHashBase64.encode(data) == padded)
            #expect(ImportedHashBase64.decode(padded, padding: .required, maximumBytes: 64) == data)
            let unpadded = padded.replacingOccurrences(of: "=", with: "")
            #expect(ImportedHashBase64.encode(data, padded: false) == unpadded)
            #expect(ImportedHashBase64.decode(unpadded, padding: .forbidden, maximumBytes: 64) == data)
            #expect(ImportedHashBase64.decode(unpadded, padding: .optional, maximumBytes: 64) == data)
            #expect(ImportedHashBase64.decode(padded, padding: .optional, maximumBytes: 64) == data)
        }
    }

    @Test("the URL-safe alphabet only where asked for")
    func alphabets() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF]
        #expect(ImportedHashBase64.decode("+/+/", padding: .required, maximumBytes: 8) == bytes)
        #expect(ImportedHashBase64.decode("-_-_", padding: .required, maximumBytes: 8) == nil)
        #expect(ImportedHashBase64.decode("-_-_", alphabet: .urlSafe, padding: .required, maximumBytes: 8) == bytes)
        #expect(ImportedHashBase64.decode("+/+/", alphabet: .urlSafe, padding: .required, maximumBytes: 8) == nil)
        #expect(ImportedHashBase64.decode("-/+_", alphabet: .either, padding: .required, maximumBytes: 8) == bytes)
    }

    @Test(
        "refuses what is not base64 of the expected kind",
        arguments: [
            ("QQ", ImportedHashBase64.Padding.required), ("QQ==", .forbidden), ("Q", .optional), ("QQ=", .optional),
            ("QQ===", .optional), ("Q===", .optional), ("QQ==QQ==", .optional), ("QQ ==", .optional), (" QQ==", .optional),
            ("QQ\n", .optional), ("QUJD!", .optional), ("QUJ=D", .optional),
        ])
    func refusals(text: String, padding: ImportedHashBase64.Padding) {
        #expect(ImportedHashBase64.decode(text, padding: padding, maximumBytes: 64) == nil)
    }

    @Test("refuses more bytes than the caller allows, before decoding")
    func bound() {
        let text = Data(repeating: 1, count: 33).base64EncodedString()
        #expect(ImportedHashBase64.decode(text, padding: .required, maximumBytes: 33)?.count == 33)
        #expect(ImportedHashBase64.decode(text, padding: .required, maximumBytes: 32) == nil)
    }
}
