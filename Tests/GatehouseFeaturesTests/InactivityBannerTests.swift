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
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// Spec 002 §2 "Session Timeout": the yellow banner "You were logged out due to inactivity.
/// Please log in again." follows the real event — the server's inactivity timeout refusing the
/// session's refresh with `session_expired` — not a flag set by hand.
@MainActor
@Suite("Inactivity banner: triggered by the server's inactivity timeout")
struct InactivityBannerTests {
    @Test func aRefreshRefusedForInactivityShowsTheBanner() async throws {
        let time = LiveServerClock()
        try await withLiveServer(clock: time, configure: { $0.sessions.inactivityTimeout = 1 }) { server in
            let email = try await server.account()
            let client = server.client()
            _ = try await client.signIn(email: email, password: testPassword)
            let manager = AuthManager(auth: client)
            await manager.start()
            #expect(manager.isAuthenticated)
            #expect(manager.loginReason == nil)

            // Idle past the server's timeout (1 s; its check is strictly "more than").
            time.advance(seconds: 2)
            await #expect(throws: AuthClientError.self) { _ = try await client.refreshSession() }

            #expect(await eventually { !manager.isAuthenticated })
            #expect(manager.lastEvent == .signedOut)
            #expect(manager.loginReason == "timeout")
            let login = LoginModel(auth: client, reason: manager.loginReason)
            #expect(login.timeoutBannerText == "You were logged out due to inactivity. Please log in again.")
            manager.loginReasonShown()
            #expect(manager.loginReason == nil)
            manager.stop()
        }
    }

    @Test func theSignedOutEventCarriesTheReason() async throws {
        let time = LiveServerClock()
        try await withLiveServer(clock: time, configure: { $0.sessions.inactivityTimeout = 1 }) { server in
            let email = try await server.account()
            let client = server.client()
            _ = try await client.signIn(email: email, password: testPassword)
            let events = client.authStateChanges()
            time.advance(seconds: 2)
            _ = try? await client.refreshSession()
            // A marker after whatever the refresh announced (streams keep the order of emission):
            // the wait for the sign-out ends there at the latest.
            _ = await client.restoreSession()
            var reason: SessionEndReason?? = nil
            for await change in events where change.event == .signedOut || change.event == .initialSession {
                if change.event == .signedOut { reason = .some(change.endReason) }
                break
            }
            #expect(reason == .some(.inactivity))
        }
    }

    @Test func aSignOutOnPurposeAfterAnIdleSpellShowsNoBanner() async throws {
        try await withLiveServer(configure: { $0.sessions.inactivityTimeout = 1 }) { server in
            let email = try await server.account()
            let client = server.client()
            _ = try await client.signIn(email: email, password: testPassword)
            let manager = AuthManager(auth: client)
            await manager.start()
            await manager.signOut()
            #expect(manager.loginReason == nil)
            manager.stop()
        }
    }
}
