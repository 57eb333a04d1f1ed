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
import GatehouseCore
import HTTPTypes
import Testing

@testable import GatehouseServer

/// Where the two protocols meet on one account (`AccountLifecycle`): Firebase signs unverified
/// accounts in, GoTrue does not, and neither lets the other's rule open a door of its own.
@Suite("Firebase and GoTrue: one account lifecycle")
struct FirebaseGoTrueLifecycleTests {
    static let v1 = FirebaseRoutingTests.v1
    static let secureToken = FirebaseRoutingTests.secureToken
    static func unconfirmed(_ configuration: inout ServerConfiguration) { configuration.autoconfirm = false }

    @Test("a Firebase refresh token of an unverified account is no GoTrue session", arguments: Backend.all)
    func firebaseRefreshTokenIsNoGoTrueSession(_ backend: Backend) async throws {
        // No reuse interval: a refused refresh that spent the token would make the Firebase
        // refresh below a replay, which revokes the session.
        let strict: @Sendable (inout ServerConfiguration) -> Void = {
            Self.unconfirmed(&$0)
            $0.refreshTokenReuseInterval = 0
        }
        try await TestServer.run(backend, configure: strict) { api in
            let email = TestServer.uniqueEmail("fb-unverified")
            let signUp = try await FirebaseRoutingTests.post(
                api, Self.v1 + "accounts:signUp", ["email": email, "password": TestServer.password, "returnSecureToken": true])
            #expect(signUp.status == .ok, "\(signUp)")
            let firebaseRefresh = try #require(signUp.json?["refreshToken"]?.stringValue)
            let sessionPart = try #require(firebaseRefresh.split(separator: ".").first.map(String.init))
            let refreshed = try await api.refresh(sessionPart)
            #expect(refreshed.status == .badRequest && refreshed.errorCode == "email_not_confirmed", "\(refreshed)")
            let whole = try await api.refresh(firebaseRefresh)
            #expect(whole.status == .badRequest && whole.json?["access_token"] == nil, "\(whole)")
            // Refused without being spent: the Firebase session goes on.
            let firebase = try await FirebaseRoutingTests.post(
                api, Self.secureToken, ["grantType": "refresh_token", "refreshToken": firebaseRefresh])
            #expect(firebase.status == .ok, "\(firebase)")
        }
    }

    @Test("a GoTrue sign-up's password, pending its link, does not sign in over Firebase", arguments: Backend.all)
    func pendingSignUpPasswordIsNoFirebasePassword(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.unconfirmed) { api in
            let email = TestServer.uniqueEmail("gotrue-pending")
            let signUp = try await api.signUp(email, TestServer.otherPassword)
            #expect(signUp.status == .ok, "\(signUp)")
            let firebase = try await FirebaseRoutingTests.post(
                api, Self.v1 + "accounts:signInWithPassword", ["email": email, "password": TestServer.otherPassword])
            #expect(FirebaseRoutingTests.name(firebase) == "INVALID_LOGIN_CREDENTIALS", "\(firebase)")
            // GoTrue still tells whoever knew the password that the address is not confirmed.
            let gotrue = try await api.signIn(email, TestServer.otherPassword)
            #expect(gotrue.errorCode == "email_not_confirmed", "\(gotrue)")
            let wrong = try await api.signIn(email, "not the password at all")
            #expect(wrong.errorCode == "invalid_credentials", "\(wrong)")
        }
    }

    @Test("VERIFY_EMAIL for an anonymous account is MISSING_EMAIL, not a server error", arguments: Backend.all)
    func anonymousVerifyEmail(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.anonymousUsersEnabled = true }) { api in
            let anonymous = try await api.send(.post, "/signup", json: [:])
            #expect(anonymous.status == .ok, "\(anonymous)")
            let refreshToken = try #require(anonymous.json?["refresh_token"]?.stringValue)
            let firebase = try await FirebaseRoutingTests.post(
                api, Self.secureToken, ["grantType": "refresh_token", "refreshToken": refreshToken])
            let idToken = try #require(firebase.json?["id_token"]?.stringValue, "\(firebase)")
            let sent = try await FirebaseRoutingTests.post(
                api, Self.v1 + "accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken])
            #expect(sent.status == .badRequest && FirebaseRoutingTests.name(sent) == "MISSING_EMAIL", "\(sent)")
        }
    }
}
