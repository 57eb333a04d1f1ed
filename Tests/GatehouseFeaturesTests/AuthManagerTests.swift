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

@MainActor
@Suite("AuthManager: the app-wide signed-in state")
struct AuthManagerTests {
    @Test func followsSignInAndSignOut() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            let manager = AuthManager(auth: client)
            await manager.start()
            #expect(!manager.isAuthenticated)

            let login = LoginModel(auth: client)
            login.email = email
            login.password = testPassword
            await login.submit()
            #expect(login.destination == .dashboard)
            #expect(await eventually { manager.isAuthenticated })
            #expect(manager.user?.email == email)

            await manager.signOut()
            #expect(!manager.isAuthenticated)
            #expect(manager.loginReason == nil, "signing out on purpose shows no inactivity banner")
            manager.stop()
        }
    }

    @Test func restoresARememberedSessionAtLaunch() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let storage = MemorySessionStorage()
            _ = try await server.client(storage: storage).signIn(email: email, password: testPassword, rememberMe: true)
            let manager = AuthManager(auth: server.client(storage: storage))
            await manager.start()
            #expect(manager.isAuthenticated)
            #expect(manager.user?.email == email)
            manager.stop()
        }
    }

    /// Signed out on another device ("everywhere"): the session is gone, but not for inactivity.
    @Test func aRevokedSessionEndsWithoutTheInactivityBanner() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            _ = try await client.signIn(email: email, password: testPassword)
            let manager = AuthManager(auth: client)
            await manager.start()
            #expect(manager.isAuthenticated)

            let other = server.client()
            _ = try await other.signIn(email: email, password: testPassword)
            try await other.signOut(scope: .global)
            _ = try? await client.refreshSession()

            #expect(await eventually { !manager.isAuthenticated })
            #expect(manager.loginReason == nil)
            #expect(LoginModel(auth: client, reason: manager.loginReason).timeoutBannerText == nil)
            manager.stop()
        }
    }

    @Test func aResetLinkPutsTheAppIntoRecovery() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            let manager = AuthManager(auth: client)
            await manager.start()
            try await client.resetPasswordForEmail(email)
            let link = try #require(try await server.waitForMail(to: email).link)
            try await manager.handle(url: server.local(link))
            #expect(await eventually { manager.isRecoveringPassword })
            #expect(manager.user?.email == email)

            let reset = ResetPasswordModel(auth: client, source: .currentSession)
            await reset.open()
            #expect(reset.phase == .ready)
            reset.newPassword = "recovered-password"
            reset.confirmation = "recovered-password"
            await reset.submit()
            #expect(reset.phase == .done)
            manager.passwordRecoveryHandled()
            #expect(!manager.isRecoveringPassword)
            manager.stop()
        }
    }
}
