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
import GatehouseFeatures
import Testing

/// The app-wide state opens only links its client takes (not whatever URL the
/// system hands the app).
@MainActor
@Suite("AuthManager: which links it opens")
struct AuthManagerLinkTests {
    @Test func aLinkTheClientDoesNotTakeIsNotRedeemed() async {
        let auth = StubAuthClient()
        let manager = AuthManager(auth: auth)
        let error = await #expect(throws: AuthClientError.self) {
            try await manager.handle(url: URL(string: "https://evil.example/reset-password?token=abc&type=recovery")!)
        }
        #expect(error == .invalidLink("the link does not point at this app"))
        #expect(!auth.otherCalls.contains("session(from:)"))
    }

    @Test func aLinkToTheRedirectURLIsRedeemed() async throws {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com")!, storage: MemorySessionStorage())
        configuration.autoRefreshToken = false
        configuration.redirectURL = URL(string: "myapp://auth/callback")
        let client = AuthClient(configuration: configuration)
        let manager = AuthManager(auth: client)
        // It reaches the client (which finds no verifier for this code on this device).
        await #expect(throws: AuthClientError.codeVerifierMissing) {
            try await manager.handle(url: URL(string: "myapp://auth/callback?code=c")!)
        }
        await #expect(throws: AuthClientError.invalidLink("the link does not point at this app")) {
            try await manager.handle(url: URL(string: "evilapp://auth/callback?code=c")!)
        }
    }
}
