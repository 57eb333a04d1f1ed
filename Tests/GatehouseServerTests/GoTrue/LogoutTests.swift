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

@Suite("POST /logout")
struct LogoutTests {
    /// Three sessions of one user; the first is the caller.
    static func threeSessions(_ api: API) async throws -> [TestSession] {
        let email = TestServer.uniqueEmail()
        let first = try await api.signedInUser(email)
        return [first, try TestSession(try await api.signIn(email)), try TestSession(try await api.signIn(email))]
    }

    /// Which of the sessions can still refresh.
    static func alive(_ sessions: [TestSession], _ api: API) async throws -> [Bool] {
        var result: [Bool] = []
        for session in sessions {
            let reply = try await api.refresh(session.refreshToken)
            if reply.status != .ok { #expect(reply.errorCode == "refresh_token_not_found") }
            result.append(reply.status == .ok)
        }
        return result
    }

    @Test(
        "scopes: which sessions survive", arguments: Backend.all,
        [
            (nil, [false, false, false]),
            ("global", [false, false, false]),
            ("local", [false, true, true]),
            ("others", [true, false, false]),
        ] as [(String?, [Bool])])
    func scopes(_ backend: Backend, scope: (String?, [Bool])) async throws {
        try await TestServer.run(backend) { api in
            let sessions = try await Self.threeSessions(api)
            let reply = try await api.logout(sessions[0].accessToken, scope: scope.0)
            #expect(reply.status == .noContent, "\(reply)")
            #expect(reply.text.isEmpty)
            #expect(try await Self.alive(sessions, api) == scope.1)
        }
    }

    @Test("a second user's sessions are untouched by a global logout", arguments: Backend.all)
    func otherUsersUntouched(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let mine = try await api.signedInUser()
            let theirs = try await api.signedInUser()
            #expect(try await api.logout(mine.accessToken, scope: "global").status == .noContent)
            #expect(try await api.refresh(theirs.refreshToken).status == .ok)
            #expect(try await api.user(theirs.accessToken).status == .ok)
        }
    }

    @Test("an unknown scope: 400 validation_failed, nothing signed out", arguments: Backend.all)
    func unknownScope(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let reply = try await api.logout(session.accessToken, scope: "everywhere")
            #expect(reply.status == .badRequest)
            #expect(reply.errorCode == "validation_failed")
            #expect(try await api.user(session.accessToken).status == .ok)
        }
    }

    @Test("no token: 401 no_authorization; a logged-out token: 403 session_not_found", arguments: Backend.all)
    func authentication(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let anonymous = try await api.send(.post, "/logout")
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "no_authorization")

            let session = try await api.signedInUser()
            #expect(try await api.logout(session.accessToken).status == .noContent)
            let again = try await api.logout(session.accessToken)
            #expect(again.status == .forbidden)
            #expect(again.errorCode == "session_not_found")
        }
    }
}
