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

/// The most an imported hash may ask of one sign-in. An imported hash chooses its own costs, so
/// without bounds a single hash (a mistaken export, a hostile import file) could make every
/// sign-in of its address take minutes or gigabytes. Hashes beyond these are refused at import.
enum ImportedHashLimits {
    /// Longest stored string accepted (the longest real forms, `$fbscrypt$` with a 64-byte
    /// signer key, are about 300 characters).
    static let encodedCharacters = 1024
    /// Salts, salt separators and signer keys, decoded.
    static let saltBytes = 1...256
    /// Stored digests, decoded: at least 128 bits, so that a short digest cannot be matched by
    /// chance by a guessed password.
    static let digestBytes = 16...256
    /// Passwords longer than this are checked as a wrong password (after the same work).
    static let passwordBytes = 4096

    /// bcrypt's cost (log2 of its rounds): Gatehouse's own setting allows the same range.
    static let bcryptCost = 4...16

    /// Argon2: memory in KiB (256 MiB), passes, lanes, and memory × passes (1 GiB of blocks).
    static let argon2MemoryKiB = 262_144
    static let argon2Passes = 10
    static let argon2Lanes = 8
    static let argon2MemoryTimesPasses = 1_048_576

    /// Standard scrypt: 128·N·r bytes of memory (256 MiB) and N·r·p units of work (about
    /// N = 2^17, r = 8, p = 2). r ≤ 16 keeps every accepted hash within what the scrypt
    /// implementation agrees to compute.
    static let scryptMemoryBytes = 268_435_456
    static let scryptWork = 2_097_152
    static let scryptBlockSize = 1...16
    static let scryptParallelism = 1...16

    /// Firebase's modified scrypt: the ranges Firebase itself accepts (rounds is r, memory cost
    /// is log2 N), which bound it to 16 MiB.
    static let firebaseRounds = 1...8
    static let firebaseMemoryCost = 1...14

    /// PBKDF2 iterations (Django's default was 1,000,000 in 5.2 and rises each release).
    static let pbkdf2Iterations = 1...3_000_000
}
