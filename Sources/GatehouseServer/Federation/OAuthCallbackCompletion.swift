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

/// What the provider sent back to `/callback` (its query, or Apple's form post).
struct OAuthCallback: Sendable {
    var state: String?
    var code: String?
    /// The provider's OAuth error (`access_denied` when the person cancelled) and its words.
    var error: String?
    var errorDescription: String?
    /// Apple's `user` field (the name, on the first sign-in only).
    var user: String?
}

/// How a callback ends.
enum OAuthCallbackOutcome: Sendable {
    /// The app's implicit flow: the session (and the provider's own tokens) in the fragment.
    case session(IssuedSession, tokens: OAuthProviderTokens, redirectTo: String)
    /// The app's PKCE flow: `redirectTo?code=`, exchanged with the app's verifier.
    case authorizationCode(String, redirectTo: String)
    /// A page's button: this browser is signed in.
    case webSession(IssuedSession)
    /// The account page's "Link …": the identity was added to the page's account.
    case webLinked(provider: String)
    /// The state cannot be used (missing, malformed, unknown, spent, expired, another browser's):
    /// nothing about the flow is trusted, so the answer goes to the site URL, as GoTrue's does.
    case badState(AuthError)
    /// Refused once the flow was known: by the provider, or by a check or rule of ours.
    case refused(OAuthRefusal, to: OAuthFlowDestination)
}

/// Why a known flow failed.
enum OAuthRefusal: Sendable, Equatable {
    /// The provider's `error` (the person cancelled, the client is misconfigured), passed on.
    case provider(error: String, description: String)
    case service(AuthError)
}

/// Where a known flow's failure is told.
enum OAuthFlowDestination: Sendable, Equatable {
    case app(redirectTo: String)
    /// The login page, naming the provider.
    case web(provider: String)
    /// The account page's section of identities, naming the provider.
    case webAccount(provider: String)

    init(_ flow: OAuthFlowRecord) {
        switch flow.target {
        case .app, .link: self = .app(redirectTo: flow.redirectTo)
        case .webSession: self = .web(provider: flow.provider)
        case .webLink: self = .webAccount(provider: flow.provider)
        }
    }
}

extension OAuthFlows {
    /// Spends the callback's state, then exchanges the code, checks the ID token (with the flow's
    /// nonce) and signs in, links or issues a code as the flow was started for.
    func finish(_ callback: OAuthCallback, browser: String?, client: ClientInfo) async -> OAuthCallbackOutcome {
        let flow: OAuthFlowRecord
        do {
            flow = try await take(callback.state, browser: browser)
        } catch {
            guard let refusal = await stateless(callback, browser: browser) else { return .badState(error) }
            return refusal
        }
        let destination = OAuthFlowDestination(flow)
        let now = clock.now()
        guard now.microsecondsSinceEpoch - flow.createdAt.microsecondsSinceEpoch <= Self.lifetime * 1_000_000 else {
            let expired = AuthError(.badOAuthState, kind: .invalidRequest, "OAuth state has expired")
            return flow.target.isWeb ? .refused(.service(expired), to: destination) : .badState(expired)
        }
        if let error = callback.error, !error.isEmpty {
            return .refused(
                .provider(error: String(error.prefix(200)), description: String((callback.errorDescription ?? "").prefix(500))),
                to: destination)
        }
        do {
            return try await complete(flow, callback: callback, client: client)
        } catch {
            return .refused(.service(error), to: destination)
        }
    }

    /// A provider's error that came back without its state (some providers leave it out when the
    /// person denies): told where this browser's newest flow would have ended. It signs nobody in.
    private func stateless(_ callback: OAuthCallback, browser: String?) async -> OAuthCallbackOutcome? {
        guard callback.state?.isEmpty ?? true, let error = callback.error, !error.isEmpty, let browser,
            Self.isWellFormedSecret(browser)
        else { return nil }
        let browserHash = Self.digest(browser)
        guard let flow = try? await store.run(.transaction, { try await $0.oauthFlows.takeNewest(browserHash: browserHash) }) else {
            return nil
        }
        let description = String((callback.errorDescription ?? "").prefix(500))
        return .refused(.provider(error: String(error.prefix(200)), description: description), to: OAuthFlowDestination(flow))
    }

    /// The flow of `state`, taken (so never used twice), when this browser started it.
    private func take(_ state: String?, browser: String?) async throws(AuthError) -> OAuthFlowRecord {
        guard let state, !state.isEmpty else { throw AuthError(.badOAuthCallback, kind: .invalidRequest, "OAuth state parameter missing") }
        guard Self.isWellFormedSecret(state) else {
            throw AuthError(.badOAuthState, kind: .invalidRequest)
        }
        let stateHash = Self.digest(state)
        let flow = try await store.run(.transaction) { try await $0.oauthFlows.take(stateHash: stateHash) }
        guard let flow else { throw AuthError(.badOAuthState, kind: .invalidRequest, "OAuth state not found or expired") }
        guard let browser, OneTimeTokenHasher.constantTimeEquals(Self.digest(browser), flow.browserHash) else {
            logger.warning("an OAuth state came back in a browser that did not start its flow", metadata: ["provider": "\(flow.provider)"])
            throw AuthError(.badOAuthState, kind: .invalidRequest, "OAuth state was issued to another browser")
        }
        return flow
    }

    private func complete(_ flow: OAuthFlowRecord, callback: OAuthCallback, client: ClientInfo) async throws(AuthError)
        -> OAuthCallbackOutcome
    {
        guard let provider = providers.provider(named: flow.provider) else {
            throw AuthError(.oauthProviderNotSupported, kind: .invalidRequest, "Unsupported provider: \(flow.provider) is not enabled")
        }
        guard let code = callback.code, !code.isEmpty else {
            throw AuthError(.badOAuthCallback, kind: .invalidRequest, "OAuth callback with missing authorization code missing")
        }
        let tokens = try await providerTokens(for: code, flow: flow, provider: provider)
        let identity = try await federation.verify(idToken: tokens.idToken, provider: provider.name, nonce: flow.nonce)
        let profile = provider.kind == .apple ? OAuthAppleUser.profile(from: callback.user) : nil
        switch flow.target {
        case .webSession:
            return .webSession(try await federation.signIn(identity, profile: profile, over: .gotrue, client: client).issued)
        case .app:
            let issued = try await federation.signIn(identity, profile: profile, over: .gotrue, client: client).issued
            guard let challenge = flow.clientChallenge else { return .session(issued, tokens: tokens, redirectTo: flow.redirectTo) }
            let code = try await authorizationCode(for: issued.user, challenge: challenge, replacing: issued.session)
            return .authorizationCode(code, redirectTo: flow.redirectTo)
        case .link(let userId):
            let user = try await federation.link(identity, to: userId, client: client)
            if let challenge = flow.clientChallenge {
                return .authorizationCode(try await authorizationCode(for: user, challenge: challenge), redirectTo: flow.redirectTo)
            }
            return .session(try await session(for: user, provider: provider, client: client), tokens: tokens, redirectTo: flow.redirectTo)
        case .webLink(let userId):
            _ = try await federation.link(identity, to: userId, client: client)
            return .webLinked(provider: provider.name)
        }
    }

    /// The provider's tokens for its code: the token endpoint, with the client secret (Apple's
    /// minted from its key when none is set) and our PKCE verifier.
    private func providerTokens(for code: String, flow: OAuthFlowRecord, provider: IdentityProvider) async throws(AuthError)
        -> OAuthProviderTokens
    {
        let endpoints = try await discovery.endpoints(of: provider)
        guard let tokenURL = endpoints.tokenURL, let clientId = provider.clientIds.first else {
            throw AuthError(
                .oauthProviderNotSupported, kind: .invalidRequest, "Unsupported provider: \(provider.displayName) has no token endpoint")
        }
        let request = OAuthTokenExchange.Request(
            tokenURL: tokenURL, code: code, redirectURI: callbackURL, clientId: clientId,
            clientSecret: try clientSecret(of: provider, clientId: clientId), codeVerifier: flow.codeVerifier)
        return try await exchange.exchange(request, provider: provider)
    }

    private func clientSecret(of provider: IdentityProvider, clientId: String) throws(AuthError) -> String? {
        if let secret = provider.clientSecret { return secret.value }
        guard provider.kind == .apple, let key = provider.appleKey else { return nil }
        return try AppleClientSecret.mint(key: key, clientId: clientId, now: clock.now())
    }

    /// A PKCE authorization code for `user`, as `/verify` issues them (`flow_states`), spent by
    /// `/token?grant_type=pkce`. The session a sign-in just started is ended in the same
    /// transaction: the code's exchange starts the app's own.
    private func authorizationCode(for user: UserRecord, challenge: PKCEChallenge, replacing session: SessionRecord? = nil)
        async throws(AuthError) -> String
    {
        let now = clock.now()
        let code = random.uuid().lowercasedString
        let flow = FlowStateRecord(
            id: random.uuid(), userId: user.id, codeChallenge: challenge.challenge, codeChallengeMethod: challenge.method,
            authenticationMethod: "oauth", createdAt: now)
        let codeHash = tokenHasher.authCodeHash(code)
        try await store.run(.transaction) { database in
            if let session { try await database.sessions.delete(id: session.id) }
            try await database.flowStates.insert(flow, authCodeHash: codeHash)
        }
        return code
    }

    /// A session for an account an identity was just linked to (the implicit flow answers one).
    private func session(for user: UserRecord, provider: IdentityProvider, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        let now = clock.now()
        guard !user.isBanned(at: now) else { throw AuthError(.userBanned, kind: .forbidden) }
        let issuer = issuer
        let session = try await store.run(.transaction) { database in
            try await issuer.start(for: user, methods: [.provider(provider.name, at: now)], client: client, now: now, in: database)
        }
        return try await issuer.issue(user: user, session: session, now: now)
    }
}
