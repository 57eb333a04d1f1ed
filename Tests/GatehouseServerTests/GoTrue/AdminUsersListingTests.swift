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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// `GET /admin/users` paged as GoTrue pages it, and `DELETE /admin/users/{id}` with
/// `should_soft_delete` (gotrue-extended.md sections 2, 11 and 12).
@Suite("Admin users: listing and soft delete")
struct AdminUsersListingTests {
    func list(_ api: API, _ query: String) async throws -> Reply {
        try await api.send(.get, "/admin/users\(query)", bearer: api.serviceRoleToken)
    }

    @Test("newest first by default", arguments: Backend.all)
    func newestFirst(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var created: [String] = []
            for index in 0..<3 {
                let email = TestServer.uniqueEmail("order\(index)")
                try await api.createUser(email)
                created.append(email)
            }
            let reply = try await list(api, "")
            #expect(reply.status == .ok)
            let emails = reply["users"]?.arrayValue?.compactMap { $0["email"]?.stringValue }
            #expect(emails == created.reversed())
            let second = try await list(api, "?page=2&per_page=1")
            #expect(second["users"]?.arrayValue?.compactMap { $0["email"]?.stringValue } == [created[1]])
        }
    }

    @Test("Link keeps the request's query, page replaced, keys sorted, empty values kept", arguments: Backend.all)
    func linkHeader(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let empty = try await list(api, "?page=&per_page=")
            #expect(empty.header("X-Total-Count") == "0")
            #expect(empty.header("Link") == "</auth/v1/admin/users?page=0&per_page=>; rel=\"last\"")

            for index in 0..<5 { try await api.createUser(TestServer.uniqueEmail("link\(index)")) }
            let defaults = try await list(api, "?page=&per_page=")
            #expect(defaults.header("X-Total-Count") == "5")
            #expect(defaults.header("Link") == "</auth/v1/admin/users?page=1&per_page=>; rel=\"last\"")

            let paged = try await list(api, "?per_page=2&page=")
            #expect(
                paged.header("Link")
                    == "</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\", </auth/v1/admin/users?page=3&per_page=2>; rel=\"last\"")
            let root = try await api.atRoot.send(.get, "/admin/users?page=3&per_page=2", bearer: api.serviceRoleToken)
            #expect(root.header("Link") == "</admin/users?page=3&per_page=2>; rel=\"last\"")
        }
    }

    @Test(
        "bad paging values answer 400 Bad Pagination Parameters",
        arguments: ["?page=abc", "?per_page=x", "?page=-1", "?per_page=0", "?page=0", "?page=99999999999999999999", "?page=1.5"])
    func badPaging(_ query: String) async throws {
        try await TestServer.run(.sqlite) { api in
            let reply = try await list(api, query)
            #expect(reply.status == .badRequest, "\(query): \(reply)")
            #expect(reply.errorCode == "validation_failed")
            #expect(reply.message?.hasPrefix("Bad Pagination Parameters: ") == true, "\(reply)")
        }
    }

    @Test("per_page above the bound is clamped; a page past the end is empty", arguments: Backend.all)
    func bounds(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            try await api.createUser(TestServer.uniqueEmail("bounds"))
            let big = try await list(api, "?per_page=5000")
            #expect(big.status == .ok)
            #expect(big.header("Link") == "</auth/v1/admin/users?page=1&per_page=1000>; rel=\"last\"")
            let beyond = try await list(api, "?page=1000000000&per_page=1000")
            #expect(beyond.status == .ok)
            #expect(beyond["users"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test("soft delete: row kept with deleted_at, address freed, sessions ended, repeat is a no-op", arguments: Backend.all)
    func softDelete(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("soft")
            let admin = api.serviceRoleToken
            let body: [String: Any] = [
                "email": email, "password": TestServer.password, "email_confirm": true, "user_metadata": ["name": "Ada"],
            ]
            #expect(try await api.send(.post, "/admin/users", json: body, bearer: admin).status == .ok)
            let session = try TestSession(try await api.signIn(email))
            let path = "/admin/users/\(session.userId)"

            let deleted = try await api.send(.delete, path, json: ["should_soft_delete": true], bearer: admin)
            #expect(deleted.status == .ok)
            #expect(deleted.text == "{}")

            let shown = try await api.send(.get, path, bearer: admin)
            #expect(shown.status == .ok)
            #expect(shown["deleted_at"]?.stringValue != nil)
            let obfuscated = try #require(shown["email"]?.stringValue)
            #expect(obfuscated != email && !obfuscated.contains("@"))
            #expect(shown["user_metadata"] == .object([:]))
            #expect(shown["identities"]?.arrayValue?.first?["identity_data"] == .object([:]))

            #expect(try await api.user(session.accessToken).status == .forbidden)
            #expect(try await api.refresh(session.refreshToken).status == .badRequest)
            #expect(try await api.signIn(email).errorCode == "invalid_credentials")

            let again = try await api.send(.delete, path, json: ["should_soft_delete": true], bearer: admin)
            #expect(again.status == .ok)
            #expect(try await api.send(.get, path, bearer: admin)["email"]?.stringValue == obfuscated)

            let listed = try await list(api, "")
            let row = listed["users"]?.arrayValue?.first { $0["id"]?.stringValue == session.userId }
            #expect(row?["deleted_at"]?.stringValue != nil)

            // The address can be registered again, as a new user.
            let fresh = try await api.signedInUser(email)
            #expect(fresh.userId != session.userId)
        }
    }

    @Test("should_soft_delete false, or no body, deletes for good", arguments: Backend.all)
    func hardDelete(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let admin = api.serviceRoleToken
            let first = try await api.createUser(TestServer.uniqueEmail("hard"))
            #expect(try await api.send(.delete, "/admin/users/\(first)", json: ["should_soft_delete": false], bearer: admin).status == .ok)
            #expect(try await api.send(.get, "/admin/users/\(first)", bearer: admin).status == .notFound)
            let second = try await api.createUser(TestServer.uniqueEmail("hard"))
            #expect(try await api.send(.delete, "/admin/users/\(second)", bearer: admin).status == .ok)
            #expect(try await api.send(.get, "/admin/users/\(second)", bearer: admin).status == .notFound)
            let bad = try await api.send(.delete, "/admin/users/\(second)", json: ["should_soft_delete": "yes"], bearer: admin)
            #expect(bad.status == .badRequest)
        }
    }
}
