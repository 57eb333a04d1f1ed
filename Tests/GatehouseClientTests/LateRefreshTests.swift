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
import GatehouseClient
import GatehouseCore
import Testing

/// A refresh keeps its result only if the session it refreshed is still the current
/// one; otherwise the new tokens are revoked and the newer state stands.
@Suite("A refresh that lands late")
struct LateRefreshTests {
    static let clock = FixedClock()

    /// Password sign-ins answer the named user's session; refreshes wait for `gate` and answer
    /// Alice's rotated session (`alice2`).
    static func server(gate: ScriptGate) -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            let url = request.url!
            if url.path.hasSuffix("/token"), url.query?.contains("grant_type=password") == true {
                let bob = request.jsonBody["email"] == "bob@example.com"
                return .json(Scripted.session(bob ? "bob" : "alice", id: bob ? Scripted.bob : Scripted.alice, expiresAt: clock.now + 3600))
            }
            if url.path.hasSuffix("/token") {
                await gate.wait()
                return .json(Scripted.session("alice2", id: Scripted.alice, expiresAt: clock.now + 3600))
            }
            return .noContent
        }
    }

    @Test func aRefreshInFlightDuringSignOutDoesNotBringTheSessionBack() async throws {
        let gate = ScriptGate()
        let transport = Self.server(gate: gate)
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage)
        _ = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let events = EventLog(client)
        let refresh = Task { try await client.refreshSession() }
        await transport.wait(forRequests: 1, path: "/token", query: "grant_type=refresh_token")
        try await client.signOut(scope: .local)
        gate.open()
        _ = try? await refresh.value

        #expect(await client.currentSession() == nil)
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
        #expect(await Scripted.client(transport, clock: Self.clock, storage: storage).restoreSession() == nil)
        #expect(await events.emittedSoFar() == [.signedOut])
        // The tokens the late refresh produced are revoked, not left alive on the server.
        await transport.wait(forRequests: 2, path: "/logout")
        #expect(transport.requests(path: "/logout").map(\.bearer) == ["access-alice", "access-alice2"])
        #expect(transport.requests(path: "/logout").last?.url?.query == "scope=local")
    }

    @Test func aLateRefreshOfAliceDoesNotReplaceBobsSignIn() async throws {
        let gate = ScriptGate()
        let transport = Self.server(gate: gate)
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage)
        _ = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let refresh = Task { try await client.refreshSession() }
        await transport.wait(forRequests: 1, path: "/token", query: "grant_type=refresh_token")
        let events = EventLog(client)
        let bob = try await client.signIn(email: "bob@example.com", password: "pw", rememberMe: true)
        gate.open()
        _ = try? await refresh.value

        #expect(await client.currentSession() == bob)
        let stored = try #require(try storage.load(key: "gatehouse.auth.session"))
        #expect(try JSONDecoder().decode(Session.self, from: stored) == bob)
        #expect(await events.emittedSoFar() == [.signedIn])
        await transport.wait(forRequests: 1, path: "/logout")
        #expect(transport.requests(path: "/logout").map(\.bearer) == ["access-alice2"])
    }
}
