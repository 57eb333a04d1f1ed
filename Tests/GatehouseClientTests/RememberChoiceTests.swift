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

/// What a session was opened by decides where it is kept.
@Suite("Where link, recovery and sign-up sessions are kept")
struct RememberChoiceTests {
    static let clock = FixedClock()

    static func server() -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            if request.url!.path.hasSuffix("/logout") { return .noContent }
            return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now + 3600))
        }
    }

    @Test func aRecoverySessionLivesInMemoryOnly() async throws {
        let transport = Self.server()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage) { $0.flowType = .implicit }
        let session = try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=recovery")!)
        #expect(await client.currentSession() == session)
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
        // Refreshing it keeps it where it was.
        _ = try await client.refreshSession()
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
        #expect(await Scripted.client(transport, clock: Self.clock, storage: storage).restoreSession() == nil)
    }

    @Test func signUpFollowsTheRememberChoice() async throws {
        let transport = Self.server()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage)
        _ = try await client.signUp(email: "alice@example.com", password: "pw", rememberMe: false)
        #expect(await client.currentSession() != nil)
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
        _ = try await client.signUp(email: "alice@example.com", password: "pw", rememberMe: true)
        #expect(try storage.load(key: "gatehouse.auth.session") != nil)
    }

    @Test func linkSessionsFollowTheConfiguredChoice() async throws {
        let transport = Self.server()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage) {
            $0.flowType = .implicit
            $0.rememberLinkSessions = false
        }
        _ = try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=magiclink")!)
        #expect(await client.currentSession() != nil)
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
    }
}
