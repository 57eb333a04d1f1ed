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
import Foundation
import GatehouseCore
import Testing

@testable import GatehouseServer

/// Accounts brought from another system with their password hashes: `POST /admin/users` takes a
/// `password_hash` in the forms `ImportedPasswordHash` reads, the owner signs in with the
/// password they had there, and that first sign-in replaces the imported hash with Gatehouse's
/// own bcrypt. (Vectors from the reference implementations: Tests/…/ImportedHashes/Vectors.)
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
    ]

    @Test(
        "each form signs in with its password, and only with it", arguments: Backend.all,
        ["firebase scrypt", "scrypt", "argon2id", "django pbkdf2", "bcrypt 2a"])
    func signsIn(_ backend: Backend, _ form: String) async throws {
        try await Self.expectSignsIn(backend, hash: Self.hashes[form]!)
    }

    /// An account created with `hash` signs in with `password`, and only with it, before and
    /// after the first sign-in replaces the hash with bcrypt.
    static func expectSignsIn(_ backend: Backend, hash: String) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("imported")
            let created = try await api.send(
                .post, "/admin/users", json: ["email": email, "password_hash": hash, "email_confirm": true],
                bearer: api.serviceRoleToken)
            #expect(created.status == .ok, "\(created)")
            #expect(try await api.signIn(email, "not the password").errorCode == "invalid_credentials")
            #expect(try await api.signIn(email, password).status == .ok)
            // After the upgrade to bcrypt, the same password still signs in.
            #expect(try await api.signIn(email, password).status == .ok)
            #expect(try await api.signIn(email, "not the password").errorCode == "invalid_credentials")
        }
    }

    @Test("a hash that does not parse, or both a password and a hash: 400, nothing stored", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("imported")
            for body: [String: Any] in [
                ["email": email, "password_hash": "md5$0123456789abcdef"],
                ["email": email, "password_hash": "$fbscrypt$v=1,n=99,r=8,p=1,ss=Bw==,sk=AA==$AA==$AA=="],
                ["email": email, "password_hash": Self.hashes["argon2id"]!, "password": Self.password],
            ] {
                let reply = try await api.send(.post, "/admin/users", json: body, bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(reply)")
                #expect(reply.errorCode == "validation_failed", "\(reply)")
                #expect(!reply.text.contains("0123456789abcdef"), "the answer repeats the hash: \(reply.text)")
            }
            #expect(try await api.signIn(email, Self.password).errorCode == "invalid_credentials")
        }
    }

    @Test("the first sign-in stores a bcrypt hash in place of the imported one", arguments: Backend.all)
    func upgradesToBcrypt(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            var request = AdminUserRequest()
            request.email = "imported@example.com"
            request.passwordHash = Self.hashes["firebase scrypt"]
            request.emailConfirm = true
            let user = try await services.accounts.adminCreateUser(request)
            #expect(user.passwordHash?.hasPrefix("$fbscrypt$") == true)
            _ = try await services.sessions.signIn(email: "imported@example.com", password: Self.password, client: ServiceFixture.client)
            let stored = try await services.environment.store.run { try await $0.users.find(id: user.id) }
            let hash = try #require(stored?.passwordHash)
            #expect(PasswordHasher.isBcrypt(hash), "still \(hash.prefix(12))…")
            #expect(try await services.environment.hasher.verify(Self.password, against: hash))
        }
    }
}
