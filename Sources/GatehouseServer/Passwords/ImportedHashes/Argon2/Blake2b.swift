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

/// BLAKE2b (RFC 7693), unkeyed, with any digest length from 1 to 64 bytes: the hash Argon2 is
/// built on. swift-crypto has no BLAKE2, hence this one.
struct Blake2b {
    private static let initialisationVector: [UInt64] = [
        0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1,
        0x510E_527F_ADE6_82D1, 0x9B05_688C_2B3E_6C1F, 0x1F83_D9AB_FB41_BD6B, 0x5BE0_CD19_137E_2179,
    ]

    /// The message word order of each of the twelve rounds (rounds 10 and 11 repeat 0 and 1).
    private static let schedule: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ]

    private var state: [UInt64]
    private var buffer: [UInt8] = []
    /// Bytes compressed so far (RFC 7693's t; 64 bits are plenty for Argon2's inputs).
    private var compressedBytes: UInt64 = 0
    let digestLength: Int

    /// `digestLength` must be 1...64 (Argon2 asks for no other); it is clamped there.
    init(digestLength: Int) {
        self.digestLength = min(max(digestLength, 1), 64)
        state = Self.initialisationVector
        state[0] ^= 0x0101_0000 ^ UInt64(self.digestLength)
        buffer.reserveCapacity(128)
    }

    /// One call: the digest of `message`.
    static func hash(_ message: [UInt8], digestLength: Int) -> [UInt8] {
        var hasher = Blake2b(digestLength: digestLength)
        hasher.update(message)
        return hasher.finalize()
    }

    mutating func update(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
            // The last block must be compressed with the final flag, so a full buffer is only
            // compressed once more input arrives.
            if buffer.count == 128 {
                compressedBytes &+= 128
                compress(final: false)
                buffer.removeAll(keepingCapacity: true)
            }
            buffer.append(byte)
        }
    }

    mutating func update(littleEndian value: UInt32) {
        update([0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) })
    }

    mutating func finalize() -> [UInt8] {
        compressedBytes &+= UInt64(buffer.count)
        buffer.append(contentsOf: repeatElement(0, count: 128 - buffer.count))
        compress(final: true)
        var digest: [UInt8] = []
        digest.reserveCapacity(64)
        for word in state {
            for shift in stride(from: 0, to: 64, by: 8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(digest.prefix(digestLength))
    }

    private mutating func compress(final: Bool) {
        var message = [UInt64](repeating: 0, count: 16)
        for index in 0..<16 {
            var word: UInt64 = 0
            for byte in (0..<8).reversed() { word = word << 8 | UInt64(buffer[index * 8 + byte]) }
            message[index] = word
        }
        var v = state + Self.initialisationVector
        v[12] ^= compressedBytes
        if final { v[14] = ~v[14] }
        for round in 0..<12 {
            let s = Self.schedule[round % 10]
            Self.mix(&v, 0, 4, 8, 12, message[s[0]], message[s[1]])
            Self.mix(&v, 1, 5, 9, 13, message[s[2]], message[s[3]])
            Self.mix(&v, 2, 6, 10, 14, message[s[4]], message[s[5]])
            Self.mix(&v, 3, 7, 11, 15, message[s[6]], message[s[7]])
            Self.mix(&v, 0, 5, 10, 15, message[s[8]], message[s[9]])
            Self.mix(&v, 1, 6, 11, 12, message[s[10]], message[s[11]])
            Self.mix(&v, 2, 7, 8, 13, message[s[12]], message[s[13]])
            Self.mix(&v, 3, 4, 9, 14, message[s[14]], message[s[15]])
        }
        for index in 0..<8 { state[index] ^= v[index] ^ v[index + 8] }
    }

    /// RFC 7693's G.
    private static func mix(_ v: inout [UInt64], _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt64, _ y: UInt64) {
        v[a] = v[a] &+ v[b] &+ x
        v[d] = (v[d] ^ v[a]).rotatedRight(by: 32)
        v[c] = v[c] &+ v[d]
        v[b] = (v[b] ^ v[c]).rotatedRight(by: 24)
        v[a] = v[a] &+ v[b] &+ y
        v[d] = (v[d] ^ v[a]).rotatedRight(by: 16)
        v[c] = v[c] &+ v[d]
        v[b] = (v[b] ^ v[c]).rotatedRight(by: 63)
    }
}

extension UInt64 {
    @inline(__always)
    func rotatedRight(by count: UInt64) -> UInt64 {
        self >> count | self << (64 - count)
    }
}
