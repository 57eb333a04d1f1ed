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
import Testing

/// `AuthManager` follows the sessions the new calls make: an MFA verification's `aal2` session
/// (`mfaChallengeVerified`) and a Firebase client's sign-in and reset link.
@MainActor
@Suite("AuthManager: MFA and Firebase sessions")
struct AuthManagerNewEventsTests {
    nonisolated static func session(_ token: String) -> String {
        let user =
            #"{"id":"aaaaaaaa-0000-4000-8000-000000000001","aud":"authenticated","role":"authenticated","email":"alice@example.com","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
        let expiresAt = Int64(Date().timeIntervalSince1970) + 3600
        return
            #"{"access_token":"\#(token)","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"r-\#(token)","user":\#(user)}"#
    }

    @Test func anMFAVerificationReplacesTheManagersSession() async throws {
        let transport = ClosureTransport { path, _ in
            if path.hasSuffix("/token") { return (200, Self.session("aal1-token")) }
            if path.hasSuffix("/challenge") { return (200, #"{"id":"c1","type":"totp","expires_at":1767000600}"#) }
            return (200, Self.session("aal2-token"))
        }
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: MemorySessionStorage())
        configuration.transport = transport
        configuration.autoRefreshToken = false
        let client = AuthClient(configuration: configuration)
        let manager = AuthManager(auth: client)
        await manager.start()
        try await client.signIn(email: "alice@example.com", password: "password123")
        #expect(await eventually { manager.session?.accessToken == "aal1-token" })

        try await client.mfa.challengeAndVerify(factorId: "f1", code: "123456")
        #expect(await eventually { manager.session?.accessToken == "aal2-token" })
        #expect(manager.lastEvent == .mfaChallengeVerified)
        #expect(manager.isAuthenticated)
        manager.stop()
    }

    @Test func aFirebaseClientsSignInAndResetLinkReachTheManager() async throws {
        let firebase = FirebaseStub()
        firebase.answer("signInWithPassword", FirebaseStub.tokens(kind: "VerifyPasswordResponse"))
        firebase.answer("lookup", FirebaseStub.lookup)
        firebase.answer("resetPassword", FirebaseStub.reset)
        let client = firebase.client()
        let manager = AuthManager(auth: client)
        await manager.start()
        #expect(!manager.isAuthenticated)

        try await client.signIn(email: "alice@example.com", password: "password123")
        #expect(await eventually { manager.isAuthenticated })
        #expect(manager.user?.id == "uid-1")

        let link = URL(string: "https://auth.example.com/__/auth/action?mode=resetPassword&oobCode=oob-7")!
        let recovery = try await client.session(from: link)
        #expect(await eventually { manager.isRecoveringPassword })
        _ = try await client.updatePassword("new-password-1", using: recovery)
        await client.finishRecovery(recovery, keepSignedIn: false)
        // Firebase revoked every refresh token of the account: this device is signed out too.
        #expect(await eventually { !manager.isAuthenticated && !manager.isRecoveringPassword })
        #expect(await client.currentSession() == nil)
        manager.stop()
    }
}
