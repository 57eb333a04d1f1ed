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

import Testing

@testable import GatehouseServer

/// BLAKE2b, the hash inside Argon2: RFC 7693 Appendix A and Python's hashlib.blake2b at every
/// digest length Argon2 uses, on messages around the 128-byte block boundary.
@Suite("BLAKE2b")
struct Blake2bTests {
    @Test("RFC 7693 Appendix A: BLAKE2b-512 of \"abc\"")
    func rfcVector() {
        let expected = bytes(
            hex: "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
        #expect(Blake2b.hash(Array("abc".utf8), digestLength: 64) == expected)
    }

    @Test("hashlib.blake2b vectors", arguments: ImportedHashVectors.all.blake2b)
    func referenceVectors(vector: ImportedHashVectors.Blake2bVector) {
        let message = bytes(hex: vector.inputHex)
        #expect(Blake2b.hash(message, digestLength: vector.digestLength) == bytes(hex: vector.digestHex))
    }

    @Test("fed in pieces, the same digest as in one call")
    func incremental() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for split in [0, 1, 127, 128, 129, 256, 300] {
            var hasher = Blake2b(digestLength: 64)
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == Blake2b.hash(message, digestLength: 64), "split at \(split)")
        }
    }
}
