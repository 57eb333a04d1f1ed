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

/// Firebase's PBKDF2 and HMAC kinds through the router: `POST /admin/users` takes them in
/// Gatehouse's `$pbkdf2-…$` and `$hmac-…$` forms, the owner signs in with their old password,
/// and the first sign-in replaces the imported hash with Gatehouse's own bcrypt. (Vectors from
/// Python's standard library: PBKDF2ImportedHashTests, HMACImportedHashTests.)
@Suite("Imported PBKDF2 and HMAC hashes: admin create and sign-in")
struct ImportedHashKindsSignInTests {
    static let password = "correct horse battery staple"
    static let hashes: [String: String] = [
        "pbkdf2 sha256": PBKDF2ImportedHashTests.vectors[0],
        // Salt before password, so that the router path is shown to keep the order.
        "hmac sha256 salt first": HMACImportedHashTests.text("sha256", "sp"),
    ]

    @Test(
        "each kind signs in with its password, and only with it", arguments: Backend.all,
        ["pbkdf2 sha256", "hmac sha256 salt first"])
    func signsIn(_ backend: Backend, _ form: String) async throws {
        try await ImportedHashSignInTests.expectSignsIn(backend, hash: Self.hashes[form]!)
    }

    @Test("a malformed PBKDF2 or HMAC hash: 400, nothing stored", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("imported")
            let pbkdf2 = Self.hashes["pbkdf2 sha256"]!
            let hmac = Self.hashes["hmac sha256 salt first"]!
            for hash in [
                pbkdf2.replacingOccurrences(of: "$i=1000$", with: "$i=0$"),
                hmac.replacingOccurrences(of: HMACImportedHashTests.key, with: ""),
            ] {
                let reply = try await api.send(
                    .post, "/admin/users", json: ["email": email, "password_hash": hash], bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(reply)")
                #expect(reply.errorCode == "validation_failed", "\(reply)")
                for part in hash.split(separator: "$") where part.count >= 16 {
                    #expect(!reply.text.contains(part), "the answer repeats the hash: \(reply.text)")
                }
            }
            #expect(try await api.signIn(email, Self.password).errorCode == "invalid_credentials")
        }
    }

    @Test("the first sign-in stores a bcrypt hash in place of the imported HMAC one", arguments: Backend.all)
    func upgradesToBcrypt(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            var request = AdminUserRequest()
            request.email = "imported-hmac@example.com"
            request.passwordHash = Self.hashes["hmac sha256 salt first"]
            request.emailConfirm = true
            let user = try await services.accounts.adminCreateUser(request)
            #expect(user.passwordHash?.hasPrefix("$hmac-sha256$order=sp$") == true)
            _ = try await services.sessions.signIn(
                email: "imported-hmac@example.com", password: Self.password, client: ServiceFixture.client)
            let stored = try await services.environment.store.run { try await $0.users.find(id: user.id) }
            let hash = try #require(stored?.passwordHash)
            #expect(PasswordHasher.isBcrypt(hash), "still \(hash.prefix(12))…")
            #expect(try await services.environment.hasher.verify(Self.password, against: hash))
        }
    }
}
