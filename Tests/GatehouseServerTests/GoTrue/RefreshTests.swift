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

@Suite("POST /token?grant_type=refresh_token")
struct RefreshTests {
    @Test("rotation: a new token that differs and works, for the same session", arguments: Backend.all)
    func rotation(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let first = try await api.refresh(session.refreshToken)
            #expect(first.status == .ok, "\(first)")
            let rotated = try TestSession(first)
            #expect(rotated.refreshToken != session.refreshToken)
            #expect(rotated.userId == session.userId)
            #expect(try jwtPayload(rotated.accessToken)["session_id"] == jwtPayload(session.accessToken)["session_id"])
            #expect(first["user"]?["id"] == .string(session.userId))

            let second = try TestSession(try await api.refresh(rotated.refreshToken))
            #expect(second.refreshToken != rotated.refreshToken)
            #expect(second.refreshToken != session.refreshToken)
            #expect(try await api.user(second.accessToken).status == .ok)
        }
    }

    @Test("the previous token within the reuse interval returns the same current token", arguments: Backend.all)
    func reuseWithinInterval(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.refreshTokenReuseInterval = 30 }) { api in
            let session = try await api.signedInUser()
            let rotated = try TestSession(try await api.refresh(session.refreshToken))
            let retried = try await api.refresh(session.refreshToken)
            #expect(retried.status == .ok, "\(retried)")
            #expect(retried["refresh_token"] == .string(rotated.refreshToken))
            // The current token still rotates normally afterwards.
            let next = try await api.refresh(rotated.refreshToken)
            #expect(next.status == .ok, "\(next)")
            #expect(next["refresh_token"] != .string(rotated.refreshToken))
        }
    }

    @Test("reuse outside the interval: 400 refresh_token_already_used and the session is revoked", arguments: Backend.all)
    func reuseOutsideInterval(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: { $0.refreshTokenReuseInterval = 0 }, clock: time.clock) { api in
            let session = try await api.signedInUser()
            let rotated = try TestSession(try await api.refresh(session.refreshToken))
            time.advance(seconds: 1)

            let reused = try await api.refresh(session.refreshToken)
            #expect(reused.status == .badRequest)
            #expect(reused.errorCode == "refresh_token_already_used")

            let current = try await api.refresh(rotated.refreshToken)
            #expect(current.status == .badRequest)
            #expect(current.errorCode == "refresh_token_not_found")
            let me = try await api.user(rotated.accessToken)
            #expect(me.status == .forbidden)
            #expect(me.errorCode == "session_not_found")
        }
    }

    @Test("a token two rotations old is reuse even inside the interval", arguments: Backend.all)
    func olderTokenIsReuse(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.refreshTokenReuseInterval = 30 }) { api in
            let session = try await api.signedInUser()
            let one = try TestSession(try await api.refresh(session.refreshToken))
            let two = try TestSession(try await api.refresh(one.refreshToken))
            let reused = try await api.refresh(session.refreshToken)
            #expect(reused.status == .badRequest)
            #expect(reused.errorCode == "refresh_token_already_used")
            #expect(try await api.refresh(two.refreshToken).status == .badRequest)
        }
    }

    @Test("two concurrent refreshes of the same token both succeed with the same new token", arguments: Backend.all)
    func concurrentRefresh(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            async let a = api.refresh(session.refreshToken)
            async let b = api.refresh(session.refreshToken)
            let (first, second) = try await (a, b)
            #expect(first.status == .ok, "\(first)")
            #expect(second.status == .ok, "\(second)")
            #expect(first["refresh_token"] == second["refresh_token"])
            #expect(first["refresh_token"] != .string(session.refreshToken))
        }
    }

    @Test("garbage or tampered tokens: 400 refresh_token_not_found", arguments: Backend.all)
    func garbage(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            // Flip one character in the session id, the counter and the MAC in turn.
            let tampered = [5, 30, 50].map { index in
                var characters = Array(session.refreshToken)
                characters[index] = characters[index] == "A" ? "B" : "A"
                return String(characters)
            }
            let garbage = ["garbage", "abcdefghijkl", String(repeating: "A", count: 55), session.refreshToken + "x", "!!!!"]
            for token in garbage + tampered {
                let reply = try await api.refresh(token)
                #expect(reply.status == .badRequest, "\(token)")
                #expect(reply.errorCode == "refresh_token_not_found", "\(token)")
            }
            #expect(try await api.refresh(session.refreshToken).status == .ok)
        }
    }

    @Test("missing or empty token: 400 validation_failed", arguments: Backend.all)
    func missing(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for body: [String: Any] in [[:], ["refresh_token": ""]] {
                let reply = try await api.send(.post, "/token?grant_type=refresh_token", json: body)
                #expect(reply.status == .badRequest)
                #expect(reply.errorCode == "validation_failed")
            }
        }
    }

    @Test("a refresh reloads the user: metadata changes reach the new access token", arguments: Backend.all)
    func reloadsUser(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let update = try await api.send(.put, "/user", json: ["data": ["theme": "dark"]], bearer: session.accessToken)
            #expect(update.status == .ok)
            let refreshed = try TestSession(try await api.refresh(session.refreshToken))
            #expect(try jwtPayload(refreshed.accessToken)["user_metadata"]?["theme"] == .string("dark"))
        }
    }
}
