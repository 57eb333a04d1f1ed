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

/// Django's hashers, with hashes made by Django's own make_password: `pbkdf2_sha256$` (also at
/// Django's default iteration count), `argon2$`, `bcrypt_sha256$` and `bcrypt$`.
@Suite("Imported Django hashes")
struct DjangoHashTests {
    static let vectors = ["django_pbkdf2_sha256", "django_argon2", "django_bcrypt_sha256", "django_bcrypt"]
        .flatMap(ImportedHashVectors.hashes)

    @Test("each Django algorithm parses as its own kind", arguments: vectors)
    func kinds(vector: ImportedHashVectors.HashVector) throws {
        let hash = try ImportedPasswordHash(parsing: vector.hash)
        switch vector.format {
        case "django_pbkdf2_sha256":
            #expect(hash.formatName == "django_pbkdf2_sha256")
            #expect(hash.encoded == vector.hash)
        case "django_argon2":
            // Stored as the PHC string Django wraps.
            #expect(hash.formatName == "argon2id")
            #expect("argon2" + hash.encoded == vector.hash)
        case "django_bcrypt_sha256":
            #expect(hash.formatName == "django_bcrypt_sha256")
            #expect(hash.encoded == vector.hash)
        default:
            #expect(hash.formatName == "django_bcrypt")
            #expect(hash.encoded == vector.hash)
        }
    }

    @Test("bcrypt_sha256 hashes the SHA-256 of the password: a 72-byte prefix is not enough")
    func sha256BeforeBcrypt() throws {
        let vector = try #require(Self.vectors.first { $0.format == "django_bcrypt_sha256" && $0.password.utf8.count == 72 })
        #expect(ImportedPasswordVerifier.verify(vector.password, againstEncoded: vector.hash))
        #expect(!ImportedPasswordVerifier.verify(vector.password + "x", againstEncoded: vector.hash))
    }

    static let pbkdf2 = "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ="

    static let malformed: [String] = [
        pbkdf2.replacingOccurrences(of: "$1000$", with: "$0$"),
        pbkdf2.replacingOccurrences(of: "$1000$", with: "$01000$"),
        pbkdf2.replacingOccurrences(of: "$1000$", with: "$-1000$"),
        pbkdf2.replacingOccurrences(of: "$1000$", with: "$$"),
        pbkdf2.replacingOccurrences(of: "$x3ocmduzihpyimytgniyrt$", with: "$$"),
        pbkdf2.replacingOccurrences(of: "UKQ=", with: "UKQ"),  // Django pads its base64
        pbkdf2.replacingOccurrences(of: "UKQ=", with: "UK=="),  // 31 bytes
        pbkdf2.replacingOccurrences(of: "7rEx", with: "7r!x"),
        pbkdf2 + "$",
        "pbkdf2_sha256$1000$salt",
        "pbkdf2_sha1$1000$salt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=",
        "argon2$argon2d$v=19$m=64,t=1,p=2$eDNvY21kdXppaHB5aW15dGduaXlydA$U1m1XAYyIb76K4Sby72hoSRZBVM7j+37b3xvoNfW5TU",
        "argon2$$argon2id$v=19$m=64,t=1,p=2$eDNvY21kdXppaHB5aW15dGduaXlydA$U1m1XAYyIb76K4Sby72hoSRZBVM7j+37b3xvoNfW5TU",
        "bcrypt_sha256$$2b$04$short",
        "bcrypt_sha256$2b$04$" + String(repeating: "a", count: 53),
        "bcrypt$",
    ]

    @Test("iteration counts above the limit are refused, as a cost")
    func iterationLimit() {
        let text = Self.pbkdf2.replacingOccurrences(of: "$1000$", with: "$3000001$")
        #expect(throws: ImportedHashError.costTooHigh(format: "Django pbkdf2_sha256", parameter: "iterations", limit: 3_000_000)) {
            try ImportedPasswordHash(parsing: text)
        }
    }
}
