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

/// A Firebase project's password hash parameters, as its console shows them ("Password hash
/// parameters": `base64_signer_key`, `base64_salt_separator`, `rounds`, `mem_cost`) and as
/// `accounts:batchCreate` receives them (`signerKey`, `saltSeparator`, `rounds`, `memoryCost`).
struct FirebaseScryptParameters: Sendable, Equatable {
    let signerKey: [UInt8]
    let saltSeparator: [UInt8]
    /// scrypt's r (block size).
    let rounds: Int
    /// log2 of scrypt's N.
    let memoryCost: Int

    static let format = "Firebase scrypt"

    init(signerKey: [UInt8], saltSeparator: [UInt8], rounds: Int, memoryCost: Int) throws(ImportedHashError) {
        guard ImportedHashLimits.saltBytes.contains(signerKey.count) else {
            throw .malformed(
                format: Self.format, reason: "the signer key must be 1 to \(ImportedHashLimits.saltBytes.upperBound) bytes")
        }
        guard saltSeparator.count <= ImportedHashLimits.saltBytes.upperBound else {
            throw .malformed(format: Self.format, reason: "the salt separator is too long")
        }
        guard ImportedHashLimits.firebaseRounds.contains(rounds) else {
            throw .malformed(format: Self.format, reason: "rounds must be between 1 and 8")
        }
        guard ImportedHashLimits.firebaseMemoryCost.contains(memoryCost) else {
            throw .malformed(format: Self.format, reason: "the memory cost must be between 1 and 14")
        }
        self.signerKey = signerKey
        self.saltSeparator = saltSeparator
        self.rounds = rounds
        self.memoryCost = memoryCost
    }

    /// From the fields in base64: the console's and `auth:export`'s standard alphabet or the
    /// URL-safe one firebase-admin sends, padded or not. No separator is an empty one.
    init(base64SignerKey: String, base64SaltSeparator: String?, rounds: Int, memoryCost: Int) throws(ImportedHashError) {
        guard let signerKey = Self.decode(base64SignerKey) else {
            throw .malformed(format: Self.format, reason: "the signer key is not base64")
        }
        guard let separator = Self.decode(base64SaltSeparator ?? "") else {
            throw .malformed(format: Self.format, reason: "the salt separator is not base64")
        }
        try self.init(signerKey: signerKey, saltSeparator: separator, rounds: rounds, memoryCost: memoryCost)
    }

    /// A Firebase base64 field (either alphabet, padding optional), bounded.
    static func decode(_ text: String) -> [UInt8]? {
        ImportedHashBase64.decode(
            text, alphabet: .either, padding: .optional, maximumBytes: ImportedHashLimits.saltBytes.upperBound)
    }
}
