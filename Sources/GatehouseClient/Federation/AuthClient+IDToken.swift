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

extension AuthClient {
    /// `POST /token?grant_type=id_token {provider, id_token, nonce, access_token?}`: signs in
    /// with an ID token the provider gave the app (Sign in with Apple, Google's SDK). `nonce`
    /// is the raw nonce whose SHA-256 the provider put into the token (`IDTokenNonce`). The
    /// session is kept (by `rememberMe`) and announced as a password sign-in's.
    @discardableResult
    public func signInWithIdToken(
        provider: ExternalProvider, idToken: String, nonce: String?, accessToken: String? = nil, rememberMe: Bool = true
    ) async throws -> IDTokenSignIn {
        let body = TokenRequest.idToken(provider: provider.name, idToken: idToken, nonce: nonce, accessToken: accessToken)
        let session: Session
        do {
            session = try await api.signIn(idToken: body)
        } catch AuthClientError.api(var error) where Self.tokenRefusals.contains(error.code.rawValue) {
            // GoTrue refuses a token with an OAuth error that has no code (`{"error": "invalid
            // request", "error_description": "Bad ID token"}`, `"invalid nonce"`).
            error.code = .badIDToken
            throw AuthClientError.api(error)
        }
        events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        return IDTokenSignIn(session: session, isNewUser: nil)
    }

    private static let tokenRefusals: Set<String> = ["invalid request", "invalid_request", "invalid nonce"]

    /// `PUT /user {data}`: merges `data` into the signed-in user's `user_metadata`.
    @discardableResult
    public func updateUserMetadata(_ data: [String: JSONValue]) async throws -> User {
        try await update(user: UserAttributes(data: data))
    }
}
