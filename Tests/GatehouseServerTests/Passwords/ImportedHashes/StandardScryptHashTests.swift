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

/// Standard scrypt (Firebase's `STANDARD_SCRYPT`): hashes made by hashlib.scrypt, through
/// Gatehouse's `$scrypt$` string and through Firebase's fields.
@Suite("Imported standard scrypt hashes")
struct StandardScryptHashTests {
    static let vectors = ImportedHashVectors.hashes("scrypt")

    @Test("Firebase's STANDARD_SCRYPT fields give the same hash as the string, which is its stored form", arguments: vectors)
    func firebaseFields(vector: ImportedHashVectors.HashVector) throws {
        let fields = try #require(vector.firebaseFields)
        let hash = try StandardScryptHash(
            memoryCost: try #require(fields.memoryCost), blockSize: try #require(fields.blockSize),
            parallelization: try #require(fields.parallelization), derivedKeyLength: try #require(fields.derivedKeyLength),
            base64Salt: fields.salt, base64Hash: fields.passwordHash)
        #expect(try ImportedPasswordHash(parsing: vector.hash) == .scrypt(hash))
        #expect(ImportedPasswordHash.scrypt(hash).encoded == vector.hash)
    }

    static let salt = "$c2FsdHNhbHRzYWx0c2FsdA"
    static let digest = "$" + String(repeating: "A", count: 43)

    static let malformed: [String] = [
        "$scrypt$ln=0,r=8,p=1" + salt + digest,  // N = 1
        "$scrypt$ln=33,r=8,p=1" + salt + digest,
        "$scrypt$ln=14,r=0,p=1" + salt + digest,
        "$scrypt$ln=14,r=17,p=1" + salt + digest,
        "$scrypt$ln=14,r=8,p=0" + salt + digest,
        "$scrypt$ln=16,r=1,p=1" + salt + digest,  // N must be below 2^(16·r)
        "$scrypt$n=14,r=8,p=1" + salt + digest,
        "$scrypt$ln=14,p=1,r=8" + salt + digest,
        "$scrypt$ln=14,r=8" + salt + digest,
        "$scrypt$ln=14,r=8,p=1$" + digest,  // empty salt
        "$scrypt$ln=14,r=8,p=1" + salt + "$AAAA",  // 3-byte hash
        "$scrypt$ln=14,r=8,p=1" + salt + "$!!!!",
        "$scrypt$ln=14,r=8,p=1" + salt,
    ]

    @Test("memory and work above the limits are refused, as costs")
    func limits() {
        // 128 · 2^19 · 8 bytes = 512 MiB; 2^17 · 8 · 4 = 2^22 units of work.
        for parameters in ["ln=19,r=8,p=1", "ln=17,r=8,p=4"] {
            #expect {
                try ImportedPasswordHash(parsing: "$scrypt$\(parameters)" + Self.salt + Self.digest)
            } throws: { error in
                if case .costTooHigh = error as? ImportedHashError { true } else { false }
            }
        }
        #expect(throws: ImportedHashError.self) {
            try StandardScryptHash(
                memoryCost: 1000, blockSize: 8, parallelization: 1, derivedKeyLength: 32, base64Salt: "c2FsdA==",
                base64Hash: String(repeating: "A", count: 43) + "=")
        }
    }
}
