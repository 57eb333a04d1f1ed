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
import Crypto
import Foundation
import GatehouseCore
import Logging

/// The web redirect flow (GoTrue's `/authorize` and `/callback`, and the pages' "Continue with …"
/// buttons): a browser is sent to the provider with a one-use `state`, comes back with a code,
/// which is exchanged for the provider's ID token; that token, checked like any other (its nonce
/// included), signs the person in through `FederationService`.
///
/// The state lives in `oauth_flows` for `lifetime` seconds and is bound to the browser that
/// started it: the adapter keeps a random value in a cookie, and the flow keeps its digest, so a
/// state carried to another browser (an attacker's code planted in a victim's browser, or a
/// victim's provider account linked to an attacker's Gatehouse account) is refused.
struct OAuthFlows: Sendable {
    /// Ten minutes from `/authorize` to `/callback`: time for a person to sign in at the provider.
    static let lifetime: Int64 = 600

    let providers: ExternalProviders
    let federation: FederationService
    let discovery: ProviderDiscovery
    let exchange: OAuthTokenExchange
    let redirectPolicy: RedirectPolicy
    /// Where providers send the browser back: `<external URL>/auth/v1/callback`, as GoTrue's
    /// `<API_EXTERNAL_URL>/callback` behind Supabase's gateway.
    let callbackURL: String
    let store: Store
    let issuer: SessionIssuer
    let tokenHasher: OneTimeTokenHasher
    let clock: ServerClock
    let random: RandomSource
    let logger: Logger

    init(_ environment: ServerEnvironment, federation: FederationService, httpClient: HTTPClient = .shared) {
        providers = environment.configuration.external
        self.federation = federation
        discovery = environment.providerEndpoints
        exchange = OAuthTokenExchange(client: httpClient, logger: environment.logger)
        redirectPolicy = environment.redirectPolicy
        callbackURL = environment.configuration.externalURL + "/auth/v1/callback"
        store = environment.store
        issuer = environment.issuer
        tokenHasher = environment.tokenHasher
        clock = environment.clock
        random = environment.random
        logger = environment.logger
    }

    /// What starts a flow: GoTrue's `/authorize` query (or `/user/identities/authorize`'s), or a
    /// page's button.
    struct Start: Sendable {
        var provider: String?
        /// Scopes the app asks for besides the provider's own (space-separated, as GoTrue's `scopes`).
        var scopes: String?
        var redirectTo: String?
        /// The app's PKCE challenge: the flow ends with a code for `/token?grant_type=pkce`.
        var pkce: PKCEChallenge?
        var target: OAuthFlowTarget
        /// The app's extra query parameters for the provider (`prompt`, `login_hint`, …).
        var extraParameters: [(String, String)] = []
    }

    /// Where to send the browser, and the binding its cookie must hold at the callback.
    struct Started: Sendable {
        var authorizationURL: String
        var browserBinding: String
    }

    /// Records a new flow and builds the provider's authorization URL. `browser`: the binding
    /// the browser already holds (kept, so two flows in two tabs both work), or nil.
    func start(_ start: Start, browser: String?) async throws(AuthError) -> Started {
        let provider = try webProvider(named: start.provider)
        let endpoints = try await discovery.endpoints(of: provider)
        guard let authorizationURL = endpoints.authorizationURL, endpoints.tokenURL != nil else {
            throw .validation("Unsupported provider: \(provider.displayName) has no authorization and token endpoints")
        }
        guard let clientId = provider.clientIds.first else { throw .validation("Unsupported provider: missing OAuth client ID") }
        let now = clock.now()
        let binding = browser.flatMap { Self.isWellFormedSecret($0) ? $0 : nil } ?? newSecret()
        let redirectTo = start.target.isWeb ? "/account" : redirectPolicy.resolve(start.redirectTo).url
        let request = OAuthAuthorizationRequest(
            endpoint: authorizationURL, clientId: clientId, redirectURI: callbackURL,
            scopes: Self.scopes(of: provider, adding: start.scopes), state: newSecret(), nonce: newSecret(),
            codeVerifier: provider.kind == .apple ? nil : newSecret(), formPost: provider.kind == .apple,
            extraParameters: start.extraParameters)
        let flow = OAuthFlowRecord(
            stateHash: Self.digest(request.state), browserHash: Self.digest(binding), provider: provider.name, nonce: request.nonce,
            codeVerifier: request.codeVerifier, redirectTo: redirectTo, clientChallenge: start.pkce, target: start.target, createdAt: now)
        let abandoned = now.adding(seconds: -Double(Self.lifetime))
        try await store.run(.transaction) { database in
            try await database.oauthFlows.deleteStarted(before: abandoned)
            try await database.oauthFlows.insert(flow)
        }
        return Started(authorizationURL: request.url, browserBinding: binding)
    }

    /// The enabled provider a flow names, refused in GoTrue's words (`/authorize` answers an
    /// unknown or disabled provider with 400 `validation_failed`).
    func webProvider(named name: String?) throws(AuthError) -> IdentityProvider {
        do {
            return try federation.provider(named: name)
        } catch {
            throw .validation("Unsupported provider: \(AuthErrorWording.text(for: error))")
        }
    }

    /// The provider's scopes, then the app's (Apple takes only its own `name email`).
    static func scopes(of provider: IdentityProvider, adding requested: String?) -> [String] {
        var scopes = provider.scopes
        guard provider.kind != .apple, let requested else { return scopes }
        for scope in requested.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) where !scopes.contains(scope) {
            scopes.append(scope)
        }
        return scopes
    }

    /// 256 random bits, base64url: a state, a nonce, a PKCE verifier, a browser binding.
    func newSecret() -> String {
        Data(random.bytes(32)).base64URLEncodedString()
    }

    /// What `newSecret` makes: 43 characters of base64url.
    static func isWellFormedSecret(_ value: String) -> Bool {
        value.utf8.count == 43
            && value.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// SHA-256 in hex: a state and a binding are 256 random bits, so no key is needed to keep
    /// their stored form from being turned back into them.
    static func digest(_ value: String) -> String {
        SHA256.hash(data: Data(value.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
