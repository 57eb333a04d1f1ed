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

/// Firebase's modified scrypt: the firebase/scrypt README example, GoTrue's test vector, and
/// small-cost hashes checked against the `firebase-scrypt` package, through GoTrue's
/// `$fbscrypt$` string and through Firebase's own import fields.
@Suite("Imported Firebase scrypt hashes")
struct FirebaseScryptHashTests {
    static let vectors = ImportedHashVectors.hashes("fbscrypt")

    @Test("Firebase's fields give the same hash as the string", arguments: vectors.filter { $0.firebaseFields != nil })
    func firebaseFields(vector: ImportedHashVectors.HashVector) throws {
        let fields = try #require(vector.firebaseFields)
        let parameters = try FirebaseScryptParameters(
            base64SignerKey: try #require(fields.signerKey), base64SaltSeparator: fields.saltSeparator,
            rounds: try #require(fields.rounds), memoryCost: try #require(fields.memoryCost))
        let hash = try FirebaseScryptHash(parameters: parameters, base64Salt: fields.salt, base64Hash: fields.passwordHash)
        #expect(hash.matches(vector.password))
        #expect(try ImportedPasswordHash(parsing: vector.hash) == .firebaseScrypt(hash))
        #expect(try ImportedPasswordHash(parsing: hash.encoded) == .firebaseScrypt(hash))
    }

    @Test("the firebase/scrypt README example, from the console's parameters and the exported account")
    func readmeExample() throws {
        let parameters = try FirebaseScryptParameters(
            base64SignerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
            base64SaltSeparator: "Bw==", rounds: 8, memoryCost: 14)
        let hash = try FirebaseScryptHash(
            parameters: parameters, base64Salt: "42xEC+ixf3L2lw==",
            base64Hash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==")
        #expect(hash.matches("user1password"))
        #expect(!hash.matches("user1passwore"))
        #expect(!hash.matches("User1password"))
    }

    @Test("firebase-admin's URL-safe base64 fields, unpadded, read as the console's")
    func urlSafeFields() throws {
        let vector = try #require(Self.vectors.first { $0.source == "firebase/scrypt README" })
        let fields = try #require(vector.firebaseFields)
        func urlSafe(_ text: String) -> String {
            String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
        }
        let parameters = try FirebaseScryptParameters(
            base64SignerKey: urlSafe(try #require(fields.signerKey)), base64SaltSeparator: urlSafe(fields.saltSeparator ?? ""),
            rounds: 8, memoryCost: 14)
        let hash = try FirebaseScryptHash(
            parameters: parameters, base64Salt: urlSafe(fields.salt), base64Hash: urlSafe(fields.passwordHash))
        #expect(try ImportedPasswordHash(parsing: vector.hash) == .firebaseScrypt(hash))
    }

    static let gotrue =
        "$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=ou9tdYTGyYm8kuR6Dt0Bp0kDuAYoXrK16mbZO4yGwAn3oLspjnN0/c41v8xZnO1n14J3MjKj1b2g6AUCAlFwMw=="
        + "$C0sHCg9ek77hsg==$zKVTMvnWVw5BBOZNUdnsalx4c4c7y/w7IS5p6Ut2+CfEFFlz37J9huyQfov4iizN8dbjvEJlM5tQaJP84+hfTw=="

    /// GoTrue's own refusals, and more.
    static let malformed: [String] = [
        gotrue.replacingOccurrences(of: "v=1", with: "v=2"),
        gotrue.replacingOccurrences(of: "n=14", with: "n=4294967297"),
        gotrue.replacingOccurrences(of: "n=14", with: "n=0"),
        gotrue.replacingOccurrences(of: "n=14", with: "n=15"),
        gotrue.replacingOccurrences(of: "n=14", with: "n=014"),
        gotrue.replacingOccurrences(of: "r=8", with: "r=18446744073709551617"),
        gotrue.replacingOccurrences(of: "r=8", with: "r=0"),
        gotrue.replacingOccurrences(of: "r=8", with: "r=9"),
        gotrue.replacingOccurrences(of: "p=1", with: "p=256"),
        gotrue.replacingOccurrences(of: "p=1", with: "p=0"),
        gotrue.replacingOccurrences(of: "$zKVTMvnW", with: "$!!!"),
        gotrue.replacingOccurrences(of: "$C0sHCg9ek77hsg==", with: "$!!!"),
        gotrue.replacingOccurrences(of: "$C0sHCg9ek77hsg==", with: "$"),
        gotrue.replacingOccurrences(of: "sk=ou9t", with: "sk=!!!"),
        gotrue.replacingOccurrences(of: "ss=Bw==", with: "ss=!!!"),
        gotrue.replacingOccurrences(of: ",sk=", with: ",xx="),
        gotrue.replacingOccurrences(of: "v=1,n=14", with: "n=14,v=1"),
        gotrue.replacingOccurrences(of: "hfTw==", with: "hf"),  // hash shorter than the signer key
        gotrue + "$",
        "$fbscrypt$",
        "$fbscrypt$v=1",
    ]

    @Test("every parameter counts: another separator, signer key, salt or cost, and the password no longer matches")
    func everyParameterCounts() throws {
        #expect(ImportedPasswordVerifier.verify("mytestpassword", againstEncoded: Self.gotrue))
        for (original, replacement) in [
            (",ss=Bw==", ""), ("ss=Bw==", "ss=CA=="), ("sk=ou9t", "sk=ou9u"), ("$C0sHCg9e", "$C0sHCg9f"), ("r=8", "r=7"),
            ("n=14", "n=13"),
        ] {
            let text = Self.gotrue.replacingOccurrences(of: original, with: replacement)
            #expect(try ImportedPasswordHash(parsing: text).encoded != Self.gotrue)
            #expect(!ImportedPasswordVerifier.verify("mytestpassword", againstEncoded: text), "\(original)")
        }
    }

    @Test("Firebase's own ranges are enforced on the fields")
    func fieldRanges() {
        let key = "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="
        for (rounds, memoryCost) in [(0, 14), (9, 14), (8, 0), (8, 15)] {
            #expect(throws: ImportedHashError.self) {
                try FirebaseScryptParameters(base64SignerKey: key, base64SaltSeparator: "Bw==", rounds: rounds, memoryCost: memoryCost)
            }
        }
        #expect(throws: ImportedHashError.self) {
            try FirebaseScryptParameters(base64SignerKey: "", base64SaltSeparator: "Bw==", rounds: 8, memoryCost: 14)
        }
        #expect(throws: ImportedHashError.self) {
            try FirebaseScryptParameters(base64SignerKey: "not base64!", base64SaltSeparator: nil, rounds: 8, memoryCost: 14)
        }
    }
}
