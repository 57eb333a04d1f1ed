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

/// `POST /token?grant_type=…`: which grant the query asks for (GoTrue's wire values).
public enum TokenGrant: String, Sendable, CaseIterable {
    case password
    case refreshToken = "refresh_token"
    case pkce
    case idToken = "id_token"
}

/// The body of `POST /token`, one type for every grant: the server decodes it before it looks
/// at `grant_type`, so every field is optional. The SDK builds it with the factory of its grant,
/// which sets only that grant's fields (nil fields are not sent).
public struct TokenRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var password: String?
    public var refreshToken: String?
    public var authCode: String?
    public var codeVerifier: String?
    /// `grant_type=id_token`: the provider's name (`apple`, `google`, …), its ID token, the raw
    /// nonce whose SHA-256 the token carries, and the access token it came with, if any.
    public var provider: String?
    public var idToken: String?
    public var nonce: String?
    public var accessToken: String?
    /// `grant_type=id_token` with the caller's bearer token: add the identity to that account.
    public var linkIdentity: Bool?

    public init(
        email: String? = nil, password: String? = nil, refreshToken: String? = nil,
        authCode: String? = nil, codeVerifier: String? = nil, provider: String? = nil, idToken: String? = nil,
        nonce: String? = nil, accessToken: String? = nil, linkIdentity: Bool? = nil
    ) {
        self.email = email
        self.password = password
        self.refreshToken = refreshToken
        self.authCode = authCode
        self.codeVerifier = codeVerifier
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.accessToken = accessToken
        self.linkIdentity = linkIdentity
    }

    /// `grant_type=password`.
    public static func password(email: String, password: String) -> TokenRequest {
        TokenRequest(email: email, password: password)
    }

    /// `grant_type=refresh_token`.
    public static func refresh(_ refreshToken: String) -> TokenRequest {
        TokenRequest(refreshToken: refreshToken)
    }

    /// `grant_type=pkce`: the code from a link and the verifier only this device holds.
    public static func pkce(authCode: String, codeVerifier: String) -> TokenRequest {
        TokenRequest(authCode: authCode, codeVerifier: codeVerifier)
    }

    /// `grant_type=id_token`: an ID token a provider's SDK gave the app (Sign in with Apple, …).
    public static func idToken(provider: String, idToken: String, nonce: String?, accessToken: String? = nil) -> TokenRequest {
        TokenRequest(provider: provider, idToken: idToken, nonce: nonce, accessToken: accessToken)
    }

    enum CodingKeys: String, CodingKey {
        case email, password, provider, nonce
        case idToken = "id_token"
        case accessToken = "access_token"
        case linkIdentity = "link_identity"
        case refreshToken = "refresh_token"
        case authCode = "auth_code"
        case codeVerifier = "code_verifier"
    }
}
