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

/// Argon2's variable-length hash H' (RFC 9106 section 3.3): BLAKE2b of the length and the
/// input when 64 bytes suffice, otherwise a chain of BLAKE2b-512 whose halves are concatenated.
enum Argon2LongHash {
    static func hash(_ input: [UInt8], length: Int) -> [UInt8] {
        var first = Blake2b(digestLength: min(length, 64))
        first.update(littleEndian: UInt32(truncatingIfNeeded: length))
        first.update(input)
        guard length > 64 else { return first.finalize() }
        // r = ⌈T/32⌉ − 2 links of 64 bytes, each giving its first 32; the last link gives the rest.
        let links = (length + 31) / 32 - 2
        var link = first.finalize()
        var output = Array(link.prefix(32))
        output.reserveCapacity(length)
        for _ in stride(from: 2, through: links, by: 1) {
            link = Blake2b.hash(link, digestLength: 64)
            output += link.prefix(32)
        }
        output += Blake2b.hash(link, digestLength: length - 32 * links)
        return output
    }
}
