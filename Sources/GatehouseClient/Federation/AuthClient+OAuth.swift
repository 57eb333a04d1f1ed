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
    /// Signs in through the provider's web page: GoTrue's `GET /authorize?provider=…&redirect_to=…
    /// &code_challenge=…&code_challenge_method=s256` opened in `browser`, then the callback's
    /// `?code=` exchanged (`POST /token?grant_type=pkce {auth_code, code_verifier}`). The
    /// session is kept (by `rememberMe`) and announced as a password sign-in's.
    ///
    /// Always PKCE, whatever `flowType` says: the verifier is made for this one flow and kept in
    /// memory only, so a code carried to another device or another flow cannot be redeemed, and
    /// a verifier an emailed link waits for is left alone. `redirectTo` (default `redirectURL`)
    /// must be a place this client takes links from and use the app's own URL scheme; the
    /// callback must come back to exactly that place. The server's `state` with the provider is
    /// the server's own (bound to its flow and used once).
    ///
    /// Closing the browser throws `WebAuthenticationError.cancelled`; an error the server sent
    /// back (`error`, `error_code`, `error_description`) is thrown as its `APIError`.
    @discardableResult
    public func signInWithOAuth(
        provider: ExternalProvider, redirectTo: URL? = nil, scopes: String? = nil, queryItems: [URLQueryItem] = [],
        rememberMe: Bool = true, using browser: any WebAuthenticationSession
    ) async throws -> Session {
        guard let redirect = redirectTo ?? configuration.redirectURL else {
            throw AuthClientError.invalidLink("no redirect URL: set redirectURL or pass redirectTo")
        }
        guard linkPolicy.place(of: redirect) != nil else {
            throw AuthClientError.invalidLink("the redirect URL is not redirectURL or one of allowedLinks")
        }
        guard let scheme = redirect.scheme?.lowercased(), scheme != "http", scheme != "https" else {
            throw AuthClientError.invalidLink("the redirect URL must use the app's own URL scheme")
        }
        let verifier = PKCE.makeVerifier()
        let url = try authorizeURL(provider: provider, redirectTo: redirect, verifier: verifier, scopes: scopes, queryItems: queryItems)
        let callback = try await browser.authenticate(url: url, callbackScheme: scheme)
        return try await completeOAuth(callback: callback, redirectTo: redirect, verifier: verifier, rememberMe: rememberMe)
    }

    /// `GET <url>/authorize?provider=…&redirect_to=…&scopes=…&code_challenge=…&code_challenge_method=s256`,
    /// refused unless https (or loopback) as every request of the SDK is.
    func authorizeURL(
        provider: ExternalProvider, redirectTo: URL, verifier: String, scopes: String?, queryItems: [URLQueryItem]
    ) throws -> URL {
        var components = URLComponents(url: configuration.url.appendingPathComponent("authorize"), resolvingAgainstBaseURL: false)
        var items = [
            URLQueryItem(name: "provider", value: provider.name), URLQueryItem(name: "redirect_to", value: redirectTo.absoluteString),
        ]
        if let scopes { items.append(URLQueryItem(name: "scopes", value: scopes)) }
        items += [
            URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
        ]
        items += queryItems.filter { !Self.flowParameters.contains($0.name.lowercased()) }
        components?.queryItems = items
        guard let url = components?.url else { throw AuthClientError.invalidLink("cannot build the /authorize URL") }
        try TransportPolicy.check(url)
        return url
    }

    /// The parameters the flow sets itself; an extra query item cannot replace them.
    private static let flowParameters: Set<String> = ["provider", "redirect_to", "scopes", "code_challenge", "code_challenge_method"]

    /// The callback: to the place the flow was started for, with no error and a code, which is
    /// exchanged with this flow's verifier.
    func completeOAuth(callback: URL, redirectTo: URL, verifier: String, rememberMe: Bool) async throws -> Session {
        guard AuthLinkPolicy(places: [AllowedLink(redirectTo)]).place(of: callback) != nil else {
            throw AuthClientError.api(
                APIError(status: 0, code: .badOAuthCallback, message: "the callback does not point at the redirect URL"))
        }
        let answer = OAuthCallback(callback)
        if let error = answer.error { throw AuthClientError.api(error) }
        guard let code = answer.code, !code.isEmpty else {
            throw AuthClientError.api(APIError(status: 0, code: .badOAuthCallback, message: "the callback carries no code"))
        }
        let session = try await api.exchange(authCode: code, verifier: verifier)
        events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        return session
    }
}

extension AuthLinkPolicy {
    init(places: [AllowedLink]) {
        self.places = places
    }
}
