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
import HTTPTypes
import Testing

@testable import GatehouseServer

@Suite("Concurrent requests")
struct ConcurrencyTests {
    static let attempts = 8

    /// Sends the same request `attempts` times at once and returns the replies.
    static func burst(_ send: @escaping @Sendable () async throws -> Reply) async throws -> [Reply] {
        try await withThrowingTaskGroup(of: Reply.self) { group in
            for _ in 0..<attempts { group.addTask { try await send() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("simultaneous sign-ups of one address (autoconfirm on): one session, the rest 422, no 5xx", arguments: Backend.all)
    func duplicateSignUpsAutoconfirm(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail("race")
            let replies = try await Self.burst { try await api.signUp(email) }
            let statuses = replies.map(\.status.code).sorted()
            #expect(statuses == [200] + Array(repeating: 422, count: Self.attempts - 1), "\(replies)")
            #expect(replies.filter { $0.status.code == 422 }.allSatisfy { $0.errorCode == "user_already_exists" })
            let list = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken)
            #expect(list.header("X-Total-Count") == "1")
        }
    }

    @Test("simultaneous sign-ups of one address (autoconfirm off): every answer 200, one account", arguments: Backend.all)
    func duplicateSignUps(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("race")
            let replies = try await Self.burst { try await api.signUp(email) }
            #expect(replies.map(\.status.code) == Array(repeating: 200, count: Self.attempts), "\(replies)")
            let list = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken)
            #expect(list.header("X-Total-Count") == "1")
        }
    }

    @Test("simultaneous admin creations of one address: one 200, the rest 422 email_exists", arguments: Backend.all)
    func duplicateAdminCreations(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("race")
            // No password, so nothing but the database paces the requests.
            let replies = try await Self.burst {
                try await api.send(.post, "/admin/users", json: ["email": email], bearer: api.serviceRoleToken)
            }
            let statuses = replies.map(\.status.code).sorted()
            #expect(statuses == [200] + Array(repeating: 422, count: Self.attempts - 1), "\(replies)")
        }
    }

    @Test("simultaneous PUT /user data merges: every key survives", arguments: Backend.all)
    func parallelMetadataMerges(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for index in 0..<Self.attempts {
                    group.addTask {
                        try await api.send(.put, "/user", json: ["data": ["key\(index)": index]], bearer: session.accessToken)
                    }
                }
                return try await group.reduce(into: [Reply]()) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status == .ok })
            let metadata = try #require(try await api.user(session.accessToken)["user_metadata"])
            let missing = (0..<Self.attempts).filter { metadata["key\($0)"]?.intValue != $0 }
            #expect(missing.isEmpty, "lost updates for keys \(missing); stored \(metadata)")
        }
    }

    @Test("simultaneous sign-ins of one user: independent sessions", arguments: Backend.all)
    func parallelSignIns(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let replies = try await Self.burst { try await api.signIn(email) }
            #expect(replies.allSatisfy { $0.status == .ok }, "\(replies)")
            let tokens = Set(replies.compactMap { $0["refresh_token"]?.stringValue })
            #expect(tokens.count == Self.attempts)
        }
    }
}
