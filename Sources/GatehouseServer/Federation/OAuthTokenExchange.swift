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

import AsyncHTTPClient
import Foundation
import GatehouseCore
import Logging
import NIOCore

/// What a provider's token endpoint answered for an authorization code.
struct OAuthProviderTokens: Sendable, Equatable {
    var idToken: String
    /// The provider's own tokens, handed to the app as GoTrue does (`provider_token`,
    /// `provider_refresh_token`); Gatehouse itself never uses them.
    var accessToken: String?
    var refreshToken: String?
}

/// Exchanges the provider's authorization code at its token endpoint (`client_secret_post`, with
/// our PKCE verifier when one was sent), within a time limit and a size limit. A failure names the
/// provider and at most the code's first characters, never a secret or the provider's answer.
struct OAuthTokenExchange: Sendable {
    static let defaultTimeout: Duration = .seconds(10)
    /// A token answer is a few kilobytes (an ID token and two opaque tokens).
    static let maximumAnswerBytes = 64 * 1024

    let client: HTTPClient
    let timeout: Duration
    let logger: Logger

    init(client: HTTPClient = .shared, timeout: Duration = defaultTimeout, logger: Logger) {
        self.client = client
        self.timeout = timeout
        self.logger = logger
    }

    struct Request: Sendable {
        var tokenURL: String
        var code: String
        var redirectURI: String
        var clientId: String
        var clientSecret: String?
        var codeVerifier: String?
    }

    func exchange(_ exchange: Request, provider: IdentityProvider) async throws(AuthError) -> OAuthProviderTokens {
        var form = [
            ("grant_type", "authorization_code"), ("code", exchange.code), ("redirect_uri", exchange.redirectURI),
            ("client_id", exchange.clientId),
        ]
        if let secret = exchange.clientSecret { form.append(("client_secret", secret)) }
        if let verifier = exchange.codeVerifier { form.append(("code_verifier", verifier)) }
        var request = HTTPClientRequest(url: exchange.tokenURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "gatehouse")
        request.body = .bytes(ByteBuffer(string: OAuthFormEncoding.encode(form)))
        let failure = Self.failure(code: exchange.code)
        let body: ByteBuffer
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
            guard response.status == .ok else {
                logger.warning(
                    "an identity provider refused an authorization code",
                    metadata: [
                        "provider": "\(provider.name)", "status": "\(response.status.code)", "error": "\(Self.oauthError(in: body))",
                    ])
                throw failure
            }
        } catch let error as AuthError {
            throw error
        } catch {
            logger.warning(
                "an identity provider's token endpoint could not be reached",
                metadata: ["provider": "\(provider.name)", "error": "\(error)"])
            throw failure
        }
        guard let tokens = Self.tokens(in: body) else {
            logger.warning("an identity provider answered a code without an ID token", metadata: ["provider": "\(provider.name)"])
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Error getting user profile from external provider")
        }
        return tokens
    }

    /// GoTrue's words for a code the provider would not exchange.
    static func failure(code: String) -> AuthError {
        AuthError(.unexpectedFailure, kind: .internalFailure, "Unable to exchange external code: \(code.prefix(4))")
    }

    /// The tokens of a JSON answer; nil without an ID token.
    static func tokens(in body: ByteBuffer) -> OAuthProviderTokens? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any],
            let idToken = object["id_token"] as? String, !idToken.isEmpty
        else { return nil }
        return OAuthProviderTokens(
            idToken: idToken, accessToken: (object["access_token"] as? String).flatMap { $0.isEmpty ? nil : $0 },
            refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The `error` of an OAuth error answer, for the log (never its description, which may echo input).
    private static func oauthError(in body: ByteBuffer) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
        return (object?["error"] as? String).map { String($0.prefix(64)) } ?? "-"
    }
}
