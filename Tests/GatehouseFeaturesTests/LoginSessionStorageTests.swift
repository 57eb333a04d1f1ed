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

/// A GoTrue answer to `POST /token`, for any path but `/logout`.
private let sessionAnswer = """
    {"access_token": "stored.access.token", "token_type": "bearer", "expires_in": 3600, "expires_at": 4102444800,
     "refresh_token": "stored-refresh", "user": {"id": "u1", "aud": "authenticated", "role": "authenticated",
     "email": "user@example.com", "phone": "", "email_confirmed_at": "2026-01-01T00:00:00Z", "app_metadata": {},
     "user_metadata": {}, "identities": [], "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}}
    """

/// Where the login page's session is kept (spec 002 §1 "Session persists after login (using iOS
/// Keychain)", §5 "Session token: Persists in Keychain", "Remember me" enabling local storage)
/// and what signing out deletes (§4 "Logout: Delete Keychain entry + clear session"). The
/// storage here stands in for the Keychain, the client's default storage on Apple platforms.
@MainActor
@Suite("LoginModel: where the session is kept, and what sign-out deletes")
struct LoginSessionStorageTests {
    let storage = MemorySessionStorage()
    static let password = "correct-horse-battery"

    func client() -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com")!, storage: storage)
        configuration.autoRefreshToken = false
        configuration.transport = ClosureTransport { path, _ in
            path.hasSuffix("/logout") ? (204, "") : (200, sessionAnswer)
        }
        return AuthClient(configuration: configuration)
    }

    func signIn(with client: AuthClient, rememberMe: Bool) async -> LoginModel {
        let model = LoginModel(auth: client, clock: ManualClock(), rememberMe: rememberMe, reachability: FixedReachability(reachable: true))
        model.email = "user@example.com"
        model.password = Self.password
        await model.submit()
        return model
    }

    @Test func aRememberedSignInIsStoredUntilSignOut() async throws {
        let client = client()
        let model = await signIn(with: client, rememberMe: true)
        #expect(model.destination == .dashboard)
        let stored = try #require(storage.load(key: client.configuration.storageKey), "the session is stored")
        #expect(!String(decoding: stored, as: UTF8.self).contains(Self.password), "the session is kept, never the password")

        try await client.signOut()
        #expect(storage.load(key: client.configuration.storageKey) == nil, "signing out deletes the stored session")
        #expect(await client.currentSession() == nil)
    }

    @Test func withoutRememberMeNothingIsStored() async {
        let client = client()
        let model = await signIn(with: client, rememberMe: false)
        #expect(model.destination == .dashboard)
        #expect(await client.currentSession() != nil, "signed in for this run of the app")
        #expect(storage.load(key: client.configuration.storageKey) == nil)
    }
}
