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

/// Argon2's compression function G (RFC 9106 section 3.5) on 1 KiB blocks of 128 64-bit words,
/// and its permutation P built from BLAKE2b's round with BlaMka's multiplications (3.6).
///
/// Works on raw pointers into the memory matrix: Argon2 fills up to 256 Mi words per hash,
/// where array copies and bounds checks would cost more than the arithmetic.
struct Argon2Compression {
    static let words = 128

    /// Scratch space for one hash: R = X ⊕ Y and its permuted copy.
    private let r: UnsafeMutablePointer<UInt64>
    private let q: UnsafeMutablePointer<UInt64>

    /// Runs `body` with scratch space that lives only for the call.
    static func withScratch<T>(_ body: (Argon2Compression) throws -> T) rethrows -> T {
        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * words)
        scratch.initialize(repeating: 0, count: 2 * words)
        defer { scratch.deallocate() }
        return try body(Argon2Compression(r: scratch, q: scratch + words))
    }

    /// out = G(x, y), or out ⊕= G(x, y) when `xorInto` (version 0x13's passes after the
    /// first). `out` may be `x` or `y`: both are read before it is written.
    func compress(_ x: UnsafePointer<UInt64>, _ y: UnsafePointer<UInt64>, into out: UnsafeMutablePointer<UInt64>, xorInto: Bool) {
        for index in 0..<Self.words {
            r[index] = x[index] ^ y[index]
            q[index] = r[index]
        }
        // P on each row of eight 16-byte registers, then on each column.
        for row in 0..<8 { Self.permute(q, base: 16 * row, step: 2) }
        for column in 0..<8 { Self.permute(q, base: 2 * column, step: 16) }
        if xorInto {
            for index in 0..<Self.words { out[index] ^= q[index] ^ r[index] }
        } else {
            for index in 0..<Self.words { out[index] = q[index] ^ r[index] }
        }
    }

    /// P on the sixteen words at `base + (k / 2) · step + k % 2`, k = 0…15: a row is 16
    /// consecutive words (step 2), a column takes two words from each row (step 16).
    @inline(__always)
    private static func permute(_ block: UnsafeMutablePointer<UInt64>, base: Int, step: Int) {
        let p = block + base
        var v0 = p[0]
        var v1 = p[1]
        var v2 = p[step]
        var v3 = p[step + 1]
        var v4 = p[2 * step]
        var v5 = p[2 * step + 1]
        var v6 = p[3 * step]
        var v7 = p[3 * step + 1]
        var v8 = p[4 * step]
        var v9 = p[4 * step + 1]
        var v10 = p[5 * step]
        var v11 = p[5 * step + 1]
        var v12 = p[6 * step]
        var v13 = p[6 * step + 1]
        var v14 = p[7 * step]
        var v15 = p[7 * step + 1]
        mix(&v0, &v4, &v8, &v12)
        mix(&v1, &v5, &v9, &v13)
        mix(&v2, &v6, &v10, &v14)
        mix(&v3, &v7, &v11, &v15)
        mix(&v0, &v5, &v10, &v15)
        mix(&v1, &v6, &v11, &v12)
        mix(&v2, &v7, &v8, &v13)
        mix(&v3, &v4, &v9, &v14)
        p[0] = v0
        p[1] = v1
        p[step] = v2
        p[step + 1] = v3
        p[2 * step] = v4
        p[2 * step + 1] = v5
        p[3 * step] = v6
        p[3 * step + 1] = v7
        p[4 * step] = v8
        p[4 * step + 1] = v9
        p[5 * step] = v10
        p[5 * step + 1] = v11
        p[6 * step] = v12
        p[6 * step + 1] = v13
        p[7 * step] = v14
        p[7 * step + 1] = v15
    }

    /// GB: BLAKE2b's G with each addition a + b made a + b + 2·lo32(a)·lo32(b).
    @inline(__always)
    private static func mix(_ a: inout UInt64, _ b: inout UInt64, _ c: inout UInt64, _ d: inout UInt64) {
        a = multiplyAdd(a, b)
        d = (d ^ a).rotatedRight(by: 32)
        c = multiplyAdd(c, d)
        b = (b ^ c).rotatedRight(by: 24)
        a = multiplyAdd(a, b)
        d = (d ^ a).rotatedRight(by: 16)
        c = multiplyAdd(c, d)
        b = (b ^ c).rotatedRight(by: 63)
    }

    @inline(__always)
    private static func multiplyAdd(_ x: UInt64, _ y: UInt64) -> UInt64 {
        x &+ y &+ 2 &* (x & 0xFFFF_FFFF) &* (y & 0xFFFF_FFFF)
    }
}
