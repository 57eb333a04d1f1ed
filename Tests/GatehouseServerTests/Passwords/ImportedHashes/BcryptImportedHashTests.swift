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

/// bcrypt `$2a$`, `$2b$` and `$2y$` hashes made by the pyca `bcrypt` package (and GoTrue's
/// own test vector), verified through the server's bcrypt.
@Suite("Imported bcrypt hashes")
struct BcryptImportedHashTests {
    @Test("all three variants are covered by the vectors")
    func variantsCovered() {
        let prefixes = Set(ImportedHashVectors.hashes("bcrypt").map { String($0.hash.prefix(4)) })
        #expect(prefixes == ["$2a$", "$2b$", "$2y$"])
    }

    @Test("the stored form keeps the variant and reads back equal")
    func roundTrip() throws {
        for vector in ImportedHashVectors.hashes("bcrypt") {
            let hash = try BcryptImportedHash(parsing: Substring(vector.hash))
            #expect(hash.encoded == vector.hash)
            #expect(try ImportedPasswordHash(parsing: hash.encoded) == .bcrypt(hash))
        }
    }

    @Test("unused bits set in the last character of the salt or of the digest carry no data: still a match")
    func nonCanonicalCharacters() throws {
        let vector = try #require(ImportedHashVectors.hashes("bcrypt").first { $0.source == "GoTrue test vector" })
        var characters = Array(vector.hash)
        let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        // Character 22 of the salt keeps 2 of its 6 bits, the digest's last keeps 4.
        for (position, unused) in [(7 + 21, 0x0F), (59, 0x03)] {
            let value = try #require(alphabet.firstIndex(of: characters[position]))
            characters[position] = alphabet[value | unused]
        }
        let altered = String(characters)
        #expect(altered != vector.hash)
        let hash = try ImportedPasswordHash(parsing: altered)
        #expect(ImportedPasswordVerifier.verify(vector.password, against: hash))
        #expect(!ImportedPasswordVerifier.verify("wrong", against: hash))
    }

    @Test("a password holding NUL never matches, even when its prefix is the password")
    func nulInPassword() throws {
        let vector = try #require(ImportedHashVectors.hashes("bcrypt").first { $0.password == "test" })
        let hash = try ImportedPasswordHash(parsing: vector.hash)
        #expect(!ImportedPasswordVerifier.verify("test\u{0}anything", against: hash))
    }

    @Test("costs above the limit are refused at import", arguments: [17, 20, 31])
    func costLimit(cost: Int) {
        let text = "$2b$\(cost)$" + String(repeating: "a", count: 53)
        #expect(throws: ImportedHashError.costTooHigh(format: "bcrypt", parameter: "cost", limit: 16)) {
            try ImportedPasswordHash(parsing: text)
        }
    }

    static let malformed: [String] = [
        "$2b$04$abc",  // too short
        "$2b$04$" + String(repeating: "a", count: 54),  // too long
        "$2b$4$" + String(repeating: "a", count: 53),  // one-digit cost
        "$2b$03$" + String(repeating: "a", count: 53),  // cost below 4
        "$2b$99$" + String(repeating: "a", count: 53),  // cost above 31
        "$2b$0a$" + String(repeating: "a", count: 53),  // cost not a number
        "$2b$04$" + String(repeating: "a", count: 52) + "!",  // outside bcrypt's alphabet
        "$2b$04$" + String(repeating: "a", count: 52) + "+",  // standard base64, not bcrypt's
        "$2b$04" + String(repeating: "a", count: 54),  // no separator
        "$2b$04$" + String(repeating: "a", count: 22) + "$" + String(repeating: "a", count: 30),
    ]

    @Test("other crypt variants are refused as unsupported", arguments: ["$2x$", "$2$", "$2c$"])
    func otherVariants(prefix: String) {
        let text = prefix + "04$" + String(repeating: "a", count: 53)
        #expect(throws: ImportedHashError.unsupported(format: "bcrypt", reason: "only the $2a$, $2b$ and $2y$ variants are verified")) {
            try ImportedPasswordHash(parsing: text)
        }
    }
}
