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

/// What an import through GoTrue's admin API needs: `POST /admin/users {id}` keeps the id the
/// app's data is keyed by, `PUT /admin/users/{id} {password_hash}` brings a hash to an account
/// that is already here, and a field Gatehouse does not know or cannot honour is refused by
/// name instead of being dropped.
@Suite("Admin users: id, password_hash on update, unknown fields")
struct AdminUserImportFieldsTests {
    static let bcryptOfPassword = "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W"
    static let password = "correct horse battery staple"

    @Test("create keeps the given id; the same id again is refused; a non-UUID id is refused", arguments: Backend.all)
    func keepsId(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let id = UUID().uuidString.lowercased()
            let email = TestServer.uniqueEmail("keep-id")
            let created = try await api.send(
                .post, "/admin/users", json: ["id": id, "email": email, "password_hash": Self.bcryptOfPassword, "email_confirm": true],
                bearer: api.serviceRoleToken)
            #expect(created.status == .ok, "\(created)")
            #expect(created["id"]?.stringValue == id)
            #expect(created["identities"]?[0]?["user_id"]?.stringValue == id)
            let signedIn = try await api.signIn(email, Self.password)
            #expect(signedIn["user"]?["id"]?.stringValue == id, "\(signedIn)")

            let again = try await api.send(
                .post, "/admin/users", json: ["id": id, "email": TestServer.uniqueEmail("keep-id-2")], bearer: api.serviceRoleToken)
            #expect(again.status == .unprocessableContent, "\(again)")
            #expect(again.errorCode == "user_already_exists")
            let notUUID = try await api.send(
                .post, "/admin/users", json: ["id": "42", "email": TestServer.uniqueEmail("keep-id-3")], bearer: api.serviceRoleToken)
            #expect(notUUID.status == .badRequest, "\(notUUID)")
            #expect(notUUID.errorCode == "validation_failed")
        }
    }

    @Test("update takes a password_hash: the old password then signs in, the previous one no longer", arguments: Backend.all)
    func updateWithHash(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("update-hash")
            let id = try await api.createUser(email)
            let updated = try await api.send(
                .put, "/admin/users/\(id)", json: ["password_hash": Self.bcryptOfPassword], bearer: api.serviceRoleToken)
            #expect(updated.status == .ok, "\(updated)")
            #expect(try await api.signIn(email, TestServer.password).errorCode == "invalid_credentials")
            #expect(try await api.signIn(email, Self.password).status == .ok)

            let both = try await api.send(
                .put, "/admin/users/\(id)", json: ["password_hash": Self.bcryptOfPassword, "password": "another-Password-1"],
                bearer: api.serviceRoleToken)
            #expect(both.status == .badRequest, "\(both)")
            let malformed = try await api.send(
                .put, "/admin/users/\(id)", json: ["password_hash": "md5$feedface"], bearer: api.serviceRoleToken)
            #expect(malformed.errorCode == "validation_failed", "\(malformed)")
            #expect(!malformed.text.contains("feedface"))
            let otherId = try await api.send(
                .put, "/admin/users/\(id)", json: ["id": UUID().uuidString], bearer: api.serviceRoleToken)
            #expect(otherId.status == .badRequest, "\(otherId)")
            #expect(try await api.signIn(email, Self.password).status == .ok)
        }
    }

    @Test("unknown fields and GoTrue fields Gatehouse cannot honour are refused by name", arguments: Backend.all)
    func unknownFields(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("unknown-field")
            for (field, value) in [("emial", "typo@example.com"), ("phone", "+15555550100"), ("aud", "other")] as [(String, Any)] {
                let reply = try await api.send(
                    .post, "/admin/users", json: ["email": email, field: value], bearer: api.serviceRoleToken)
                #expect(reply.status == .badRequest, "\(field): \(reply)")
                #expect(reply.errorCode == "validation_failed")
                #expect(reply.text.contains(field), "the answer does not name \(field): \(reply.text)")
            }
            let list = try await api.send(.get, "/admin/users?per_page=1000", bearer: api.serviceRoleToken)
            #expect(!list.text.contains(email), "a refused request created the user")
            let id = try await api.createUser(email)
            let update = try await api.send(.put, "/admin/users/\(id)", json: ["user_metdata": ["a": 1]], bearer: api.serviceRoleToken)
            #expect(update.status == .badRequest, "\(update)")
        }
    }
}
