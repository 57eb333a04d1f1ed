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

/// The system generator fills every byte it is asked for, and its UUIDs are version 4.
@Suite("Random source")
struct RandomSourceTests {
    @Test("every byte of a large buffer is drawn (no byte stays zero across draws)", arguments: [1, 7, 16, 32, 1000])
    func fillsEveryByte(count: Int) {
        // A byte that is zero in all of 16 draws has probability 256^-16: only a byte never filled.
        var seen = [UInt8](repeating: 0, count: count)
        for _ in 0..<16 {
            let bytes = RandomSource.system.bytes(count)
            #expect(bytes.count == count)
            for index in bytes.indices { seen[index] |= bytes[index] }
        }
        #expect(seen.allSatisfy { $0 != 0 })
    }

    @Test("two draws differ")
    func draws() {
        #expect(RandomSource.system.bytes(32) != RandomSource.system.bytes(32))
        #expect(RandomSource.system.bytes(0).isEmpty)
    }

    @Test("UUIDs are version 4, RFC 4122 variant")
    func uuid() {
        let uuid = RandomSource.system.uuid().uuid
        #expect(uuid.6 >> 4 == 4)
        #expect(uuid.8 >> 6 == 0b10)
        #expect(RandomSource.system.uuid() != RandomSource.system.uuid())
    }
}
