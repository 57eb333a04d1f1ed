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
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers that no retry can change end the session; transient failures are retried
/// with growing pauses, not every beat forever.
@Suite("Failures that end a session, and those that are retried")
struct PermanentFailureTests {
    /// Signs Alice in; every other request gets `answer`.
    static func server(clock: FixedClock, answer: @escaping @Sendable (URLRequest) -> ScriptedGoTrue.Answer) -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            if request.url!.query?.contains("grant_type=password") == true {
                return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now + 3600))
            }
            return answer(request)
        }
    }

    @Test(arguments: [("session_not_found", 403), ("bad_jwt", 403), ("user_banned", 403), ("user_not_found", 404)])
    func aDeadSessionOnAnyEndpointEndsIt(code: String, status: Int) async throws {
        let clock = FixedClock()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(Self.server(clock: clock) { _ in .error(code, status: status) }, clock: clock, storage: storage)
        _ = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let events = EventLog(client)
        await #expect(throws: AuthClientError.self) { try await client.user() }
        #expect(await client.currentSession() == nil)
        #expect(try storage.load(key: "gatehouse.auth.session") == nil)
        #expect(await events.wait(count: 1) == [.signedOut])
    }

    @Test(arguments: [("user_banned", 403), ("bad_jwt", 401), ("validation_failed", 400)])
    func aRefreshRefusedForGoodEndsTheSession(code: String, status: Int) async throws {
        let clock = FixedClock()
        let client = Scripted.client(Self.server(clock: clock) { _ in .error(code, status: status) }, clock: clock)
        _ = try await client.signIn(email: "alice@example.com", password: "pw")
        let events = EventLog(client)
        await #expect(throws: AuthClientError.self) { try await client.refreshSession() }
        #expect(await client.currentSession() == nil)
        #expect(await events.wait(count: 1) == [.signedOut])
    }

    @Test func transientFailuresKeepTheSession() async throws {
        let clock = FixedClock()
        for answer in [ScriptedGoTrue.Answer.error("unexpected_failure", status: 503), .error("over_request_rate_limit", status: 429)] {
            let client = Scripted.client(Self.server(clock: clock) { _ in answer }, clock: clock)
            let alice = try await client.signIn(email: "alice@example.com", password: "pw")
            await #expect(throws: AuthClientError.self) { try await client.refreshSession() }
            await #expect(throws: AuthClientError.self) { try await client.user() }
            #expect(await client.currentSession() == alice)
        }
    }

    @Test func theBackgroundRefresherBacksOffAfterFailures() async throws {
        let clock = FixedClock()
        let transport = Self.server(clock: clock) { _ in .error("unexpected_failure", status: 503) }
        // A leeway longer than the token's life: every check finds it about to expire.
        let client = Scripted.client(transport, clock: clock) {
            $0.refreshLeeway = .seconds(7200)
            $0.autoRefreshInterval = .seconds(1)
        }
        _ = try await client.signIn(email: "alice@example.com", password: "pw")
        let refreshes = { transport.requests(path: "/token", query: "grant_type=refresh_token").count }
        client.startAutoRefresh()
        defer { client.stopAutoRefresh() }
        // The refresher pauses on the test's clock after each check: once it sleeps, the check
        // (and the failure it recorded) is over.
        func check(after seconds: TimeInterval) async {
            clock.advance(by: seconds)
            await clock.waitForSleepers()
        }
        await clock.waitForSleepers()
        #expect(refreshes() == 1)
        // Every check within the first 10 s pause leaves it alone.
        for _ in 0..<9 { await check(after: 1) }
        #expect(refreshes() == 1, "no retry before the pause is over")
        await check(after: 2)
        #expect(refreshes() == 2)
        // The pause doubles: 11 s later is not yet time, 21 s is.
        await check(after: 11)
        #expect(refreshes() == 2)
        await check(after: 10)
        #expect(refreshes() == 3)
    }
}
