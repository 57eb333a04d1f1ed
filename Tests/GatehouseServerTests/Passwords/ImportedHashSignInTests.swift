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

import GatehouseCore
import Testing

@testable import GatehouseServer

/// Accounts brought from another system with their password hashes: `POST /admin/users` takes a
/// `password_hash` in the forms `ImportedPasswordHash` reads (Firebase's PBKDF2 and HMAC kinds
/// in Gatehouse's `$pbkdf2-…$` and `$hmac-…$` forms), the owner signs in with the password they
/// had there, and that first sign-in replaces the imported hash with Gatehouse's own bcrypt.
/// (Vectors from the reference implementations: Tests/…/ImportedHashes/Vectors; PBKDF2 and HMAC
/// from Python's standard library: PBKDF2ImportedHashTests, HMACImportedHashTests.)
@Suite("Imported password hashes: admin create and sign-in")
struct ImportedHashSignInTests {
    static let password = "correct horse battery staple"
    static let hashes: [String: String] = [
        "firebase scrypt":
            "$fbscrypt$v=1,n=5,r=8,p=1,ss=Bw==,sk=0Y/S7KPtsaW7CGBlcwOK2ZqStNRMGHg87D/KPP2x57E=$Gyl/99IC58Wc8g==$tcUDATbRNNcLrSMruuaA9CsTP2eljxvEww9kF8yoH6U=",
        "scrypt":
            "$scrypt$ln=4,r=1,p=1$PxKBzxceRAhm/jLX3Kt67A==$qmepSDdsmAj9dWgpqC5WybYjTYjxoTtGui+c6wzRc3FXlf87KqlBh1Cp65Ci0ERI9THoTlSS8EFAMGC5Ay9PwQ==",
        "argon2id": "$argon2id$v=19$m=64,t=3,p=1$wD8NpPYolI7g0RI8xnl7bQ$X+JtCdRgOa6g16HkhGU/Kki1Mgdw5raVReuTa60+fws",
        "django pbkdf2": "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=",
        "bcrypt 2a": "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W",
        "pbkdf2 sha256": PBKDF2ImportedHashTests.vectors[0],
        // Salt before password, so that the router path is shown to keep the order.
        "hmac sha256 salt first": HMACImportedHashTests.text("sha256", "sp"),
    ]

    @Test(
        "each form signs in with its password, and only with it, before and after the upgrade to bcrypt", arguments: Backend.all,
        ["firebase scrypt", "scrypt", "argon2id", "django pbkdf2", "bcrypt 2a", "pbkdf2 sha256", "hmac sha256 salt first"])
    func signsIn(_ backend: Backend, _ form: String) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("imported")
            let created = try await api.send(
                .post, "/admin/users", json: ["email": email, "password_hash": Self.hashes[form]!, "email_confirm": true],
                bearer: api.serviceRoleToken)
            #expect(created.status == .ok, "\(created)")
            #expect(try await api.signIn(email, "not the password").errorCode == "invalid_credentials")
            #expect(try await api.signIn(email, Self.password).status == .ok)
            // After the upgrade to bcrypt, the same password still signs in.
            #expect(try await api.signIn(email, Self.password).status == .ok)
            #expect(try await api.signIn(email, "not the password").errorCode == "invalid_credentials")
        }
    }

    /// Hashes `POST /admin/users` refuses, with a password beside them when `withPassword`.
    static let refused: [(hash: String, withPassword: Bool)] = [
        ("md5$0123456789abcdef", false),
        ("$fbscrypt$v=1,n=99,r=8,p=1,ss=Bw==,sk=AA==$AA==$AA==", false),
        (hashes["argon2id"]!, true),
        (hashes["pbkdf2 sha256"]!.replacingOccurrences(of: "$i=1000$", with: "$i=0$"), false),
        (hashes["hmac sha256 salt first"]!.replacingOccurrences(of: HMACImportedHashTests.key, with: ""), false),
    ]

    @Test("a hash that does not parse, or both a password and a hash: 400, nothing stored", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("imported")
            for (hash, withPassword) in Self.refused {
                var body: [String: Any] = ["email": email, "password_hash": hash]
                if withPassword { body["password"] = Self.password }
                let reply = try await api.send(.post, "/admin/users", json: body, bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(reply)")
                #expect(reply.errorCode == "validation_failed", "\(reply)")
                for part in hash.split(separator: "$") where part.count >= 16 {
                    #expect(!reply.text.contains(part), "the answer repeats the hash: \(reply.text)")
                }
            }
            #expect(try await api.signIn(email, Self.password).errorCode == "invalid_credentials")
        }
    }

    @Test(
        "the first sign-in stores a bcrypt hash in place of the imported one", arguments: Backend.all,
        [("firebase scrypt", "$fbscrypt$"), ("hmac sha256 salt first", "$hmac-sha256$order=sp$")])
    func upgradesToBcrypt(_ backend: Backend, _ form: (name: String, storedPrefix: String)) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            var request = AdminUserRequest()
            request.email = "imported@example.com"
            request.passwordHash = Self.hashes[form.name]
            request.emailConfirm = true
            let user = try await services.accounts.adminCreateUser(request)
            #expect(user.passwordHash?.hasPrefix(form.storedPrefix) == true)
            _ = try await services.sessions.signIn(email: "imported@example.com", password: Self.password, client: ServiceFixture.client)
            let stored = try await services.environment.store.run { try await $0.users.find(id: user.id) }
            let hash = try #require(stored?.passwordHash)
            #expect(PasswordHasher.isBcrypt(hash), "still \(hash.prefix(12))…")
            #expect(try await services.environment.hasher.verify(Self.password, against: hash))
        }
    }
}
