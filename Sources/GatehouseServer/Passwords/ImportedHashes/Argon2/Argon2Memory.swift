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

/// Argon2's memory matrix: `lanes` rows of `laneLength` blocks of 128 words, in one allocation
/// released by `release()` (Argon2 calls it once the tag's input is read).
struct Argon2Memory {
    let lanes: Int
    let laneLength: Int
    let words: UnsafeMutablePointer<UInt64>

    init(lanes: Int, laneLength: Int) {
        self.lanes = lanes
        self.laneLength = laneLength
        // Not initialised: the first pass writes every block before any block is read.
        words = .allocate(capacity: lanes * laneLength * Argon2Compression.words)
    }

    func block(_ index: Int) -> UnsafeMutablePointer<UInt64> {
        words + index * Argon2Compression.words
    }

    func block(lane: Int, column: Int) -> UnsafeMutablePointer<UInt64> {
        block(lane * laneLength + column)
    }

    /// Writes 1024 bytes as the block's 128 little-endian words.
    func store(_ bytes: [UInt8], lane: Int, column: Int) {
        let target = block(lane: lane, column: column)
        for word in 0..<Argon2Compression.words {
            var value: UInt64 = 0
            for byte in (0..<8).reversed() { value = value << 8 | UInt64(bytes[word * 8 + byte]) }
            target[word] = value
        }
    }

    /// The XOR of every lane's last block, as bytes: the input of the tag.
    func finalBlockBytes() -> [UInt8] {
        var combined = [UInt64](repeating: 0, count: Argon2Compression.words)
        for lane in 0..<lanes {
            let last = block(lane: lane, column: laneLength - 1)
            for word in 0..<Argon2Compression.words { combined[word] ^= last[word] }
        }
        return combined.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) } }
    }

    func release() {
        words.deallocate()
    }
}
