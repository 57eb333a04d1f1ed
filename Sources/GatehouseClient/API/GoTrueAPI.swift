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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The GoTrue endpoints, one method each, stateless: sessions, storage and events are the
/// `AuthClient`'s business.
struct GoTrueAPI: Sendable {
    let builder: GoTrueRequestBuilder
    let http: APIRequester

    func signUp(_ body: SignUpRequest, redirectTo: URL?) async throws -> SignUpResult {
        let request = try builder.request("POST", "signup", query: [("redirect_to", redirectTo?.absoluteString)], body: body)
        let result = try await http.send(request)
        try result.requireSuccess()
        let data = result.data
        // A session when the server confirms at once; otherwise the bare user.
        if let session = try? JSONDecoder().decode(Session.self, from: data) { return .signedIn(session) }
        if let user = try? JSONDecoder().decode(User.self, from: data) { return .confirmationRequired(user) }
        throw AuthClientError.malformedResponse("sign-up answered neither a session nor a user")
    }

    func signIn(email: String, password: String) async throws -> Session {
        try await token(.password, TokenRequest.password(email: email, password: password))
    }

    /// `grant_type=id_token`: an ID token a provider gave the app.
    func signIn(idToken body: TokenRequest) async throws -> Session {
        try await token(.idToken, body)
    }

    func refresh(refreshToken: String) async throws -> Session {
        try await token(.refreshToken, TokenRequest.refresh(refreshToken))
    }

    func exchange(authCode: String, verifier: String) async throws -> Session {
        try await token(.pkce, TokenRequest.pkce(authCode: authCode, codeVerifier: verifier))
    }

    /// `POST /token?grant_type=`: every grant answers a session.
    private func token(_ grant: TokenGrant, _ body: TokenRequest) async throws -> Session {
        try await http.decode(Session.self, from: builder.request("POST", "token", query: [("grant_type", grant.rawValue)], body: body))
    }

    /// `POST /recover`: any 2xx is success; the body is not read (GoTrue answers `{}`).
    func recover(_ body: EmailLinkRequest, redirectTo: URL?) async throws {
        let request = try builder.request("POST", "recover", query: [("redirect_to", redirectTo?.absoluteString)], body: body)
        try await http.send(request).requireSuccess()
    }

    /// `POST /verify` for a session; the first half of a secure email change throws `EmailChangePending`.
    func verify(_ body: VerifyRequest) async throws -> Session {
        switch try await verifyAnswer(body) {
        case .completed(let session): return session
        case .pending(let pending): throw pending
        }
    }

    func user(accessToken: String) async throws -> User {
        try await http.decode(User.self, from: builder.request("GET", "user", bearer: accessToken))
    }

    func updateUser(_ body: UserUpdateRequest, accessToken: String) async throws -> User {
        try await http.decode(User.self, from: builder.request("PUT", "user", body: body, bearer: accessToken))
    }

    /// `POST /logout?scope=`. 401, 403 and 404 mean the session is already gone: success.
    func logout(accessToken: String, scope: SignOutScope) async throws {
        let request = try builder.request("POST", "logout", query: [("scope", scope.rawValue)], bearer: accessToken)
        let result = try await http.send(request)
        if [401, 403, 404].contains(result.statusCode) { return }
        try result.requireSuccess()
    }
}
