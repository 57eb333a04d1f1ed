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
    /// `POST /recover`: asks for a reset email. In the PKCE flow a verifier is kept on this
    /// device (marked as a recovery) and only its challenge is sent.
    public func resetPasswordForEmail(_ email: String, redirectTo: URL? = nil) async throws {
        var body = EmailLinkRequest(email: email)
        if configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: true)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        try await api.recover(body, redirectTo: redirectTo ?? configuration.redirectURL)
    }

    /// `POST /verify {type, token_hash}`: redeems a link's token (works on any device, and mail
    /// scanners cannot spend it).
    @discardableResult
    public func verifyOTP(tokenHash: String, type: OTPType) async throws -> Session {
        try await signedIn(
            api.verify(VerifyRequest(type: type.rawValue, tokenHash: tokenHash)), recovery: type == .recovery,
            remember: configuration.rememberLinkSessions)
    }

    /// `POST /verify {type, email, token}`: redeems the 6-digit code from the email.
    @discardableResult
    public func verifyOTP(email: String, token: String, type: OTPType) async throws -> Session {
        let body = VerifyRequest(type: type.rawValue, token: token, email: email)
        return try await signedIn(api.verify(body), recovery: type == .recovery, remember: configuration.rememberLinkSessions)
    }

    /// `POST /token?grant_type=pkce`: turns a link's `?code=` into a session with the verifier
    /// this device kept. A verifier made by `resetPasswordForEmail` also announces
    /// `passwordRecovery`.
    @discardableResult
    public func exchangeCodeForSession(authCode: String) async throws -> Session {
        guard let stored = loadVerifier() else { throw AuthClientError.codeVerifierMissing }
        let session: Session
        do {
            session = try await api.exchange(authCode: authCode, verifier: stored.verifier)
        } catch let error as AuthClientError {
            // Refused for good (expired, used, wrong verifier): the verifier is spent. A server
            // or network failure keeps it, so the same link can be tried again.
            if let api = error.apiError, (400..<500).contains(api.status), !api.isRateLimit { try? removeVerifier() }
            throw error
        }
        try? removeVerifier()
        return try await signedIn(
            session, recovery: stored.isPasswordRecovery, remember: stored.rememberMe ?? configuration.rememberLinkSessions)
    }

    /// Completes a link that opened the app — only one pointing at the configured `redirectURL`
    /// or an `allowedLinks` place (anything else is refused before a request is sent):
    /// PKCE's `?code=` (the only form a PKCE client accepts); with the implicit flow, the
    /// `#access_token=…` fragment or a `?token=` / `?token_hash=` link with its `type` (or the
    /// place's `impliedType`); or an `#error=` redirect (thrown as the server's error, e.g.
    /// `otp_expired`). A session for another user than the one signed in is not adopted:
    /// `LinkSessionConflict` is thrown and the app decides.
    @discardableResult
    public func session(from url: URL) async throws -> Session {
        guard let place = linkPolicy.place(of: url) else {
            throw AuthClientError.invalidLink("the link does not point at this app's redirect URL")
        }
        let link = AuthLink(url)
        if let error = link.error { throw AuthClientError.api(error) }
        switch configuration.flowType {
        case .pkce:
            // As supabase-swift: a PKCE client takes codes only, which need this device's verifier.
            guard let code = link.code else { throw AuthClientError.invalidLink("a PKCE client accepts only ?code= links") }
            return try await exchangeCodeForSession(authCode: code)
        case .implicit:
            if let tokens = link.implicitTokens {
                let recovery = link.type == OTPType.recovery.rawValue
                let user = try await api.user(accessToken: tokens.accessToken)
                // Checked before anything is kept: someone else's tokens never touch the session.
                try await refuseOtherUser(user, recovery: recovery)
                let expiresAt = tokens.expiresAt ?? Int64(configuration.now().timeIntervalSince1970) + Int64(tokens.expiresIn)
                let session = Session(
                    accessToken: tokens.accessToken, tokenType: tokens.tokenType, expiresIn: tokens.expiresIn,
                    expiresAt: expiresAt, refreshToken: tokens.refreshToken, user: user
                )
                return try await signedIn(session, recovery: recovery, remember: configuration.rememberLinkSessions)
            }
            if let token = link.tokenHash {
                guard let type = link.type.flatMap(OTPType.init(rawValue:)) ?? place.impliedType else {
                    throw AuthClientError.invalidLink("the link does not say what it is for")
                }
                return try await verifyOTP(tokenHash: token, type: type)
            }
        }
        throw AuthClientError.invalidLink("the link carries no session, code or token")
    }

    /// Keeps a new session and announces it; a recovery session is announced twice, as
    /// `signedIn` and then `passwordRecovery`. Another user's session is held back instead.
    /// A recovery session is kept in memory only; others persist if `remember`.
    func signedIn(_ session: Session, recovery: Bool, remember: Bool) async throws -> Session {
        if let signedIn = await sessions.storedSession(), signedIn.user.id != session.user.id {
            await sessions.holdPending(PendingLinkSession(session: session, recovery: recovery, remember: remember))
            throw LinkSessionConflict(signedInUser: signedIn.user, linkUser: session.user, isPasswordRecovery: recovery)
        }
        return adopted(await sessions.adopt(session, remember: remember, recovery: recovery), recovery: recovery)
    }

    /// The recovery session a reset link or code opened, while it is the current session (not
    /// any session: the reset page's current-session mode must not reset an ordinary sign-in).
    public func recoverySession() async -> Session? {
        await sessions.recoverySession()
    }

    /// After the new password is saved: the recovery session ends (revoked on the server,
    /// best-effort, and forgotten here), unless the app deliberately keeps the person signed in.
    public func finishRecovery(_ session: Session, keepSignedIn: Bool = false) async {
        if keepSignedIn {
            await sessions.keepRecoverySession(session)
            return
        }
        try? await api.logout(accessToken: session.accessToken, scope: .local)
        if await sessions.endIfCurrent(session) { events.emit(.signedOut, nil) }
    }

    func adopted(_ session: Session, recovery: Bool) -> Session {
        events.emit(.signedIn, session)
        if recovery { events.emit(.passwordRecovery, session) }
        return session
    }

    private func refuseOtherUser(_ user: User, recovery: Bool) async throws {
        if let signedIn = await sessions.storedSession(), signedIn.user.id != user.id {
            throw LinkSessionConflict(signedInUser: signedIn.user, linkUser: user, isPasswordRecovery: recovery)
        }
    }

    // MARK: The PKCE verifier, kept in persistent storage (the app may be killed before the link)

    private var verifierKey: String { configuration.storageKey + "-code-verifier" }

    func storeVerifier(forRecovery: Bool, rememberMe: Bool? = nil) -> String {
        let verifier = PKCE.makeVerifier()
        let stored = StoredCodeVerifier(verifier: verifier, isPasswordRecovery: forRecovery, rememberMe: rememberMe)
        if let data = try? JSONEncoder().encode(stored) {
            try? configuration.storage.store(data, key: verifierKey)
        }
        return verifier
    }

    private func loadVerifier() -> StoredCodeVerifier? {
        guard let data = try? configuration.storage.load(key: verifierKey) else { return nil }
        return try? JSONDecoder().decode(StoredCodeVerifier.self, from: data)
    }

    func removeVerifier() throws {
        try configuration.storage.removeReliably(key: verifierKey)
    }
}
