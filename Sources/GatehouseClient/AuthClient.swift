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

/// A client for any GoTrue-compatible server: Gatehouse, or Supabase's hosted Auth.
///
/// Sessions persist through `SessionStorage` (Keychain on Apple platforms, a 0600 file
/// elsewhere, or memory when "remember me" is off), are refreshed before they expire —
/// single-flight, in the background and on demand — and every change is announced on
/// `authStateChanges()`.
public final class AuthClient: AuthClientProtocol {
    public let configuration: AuthClientConfiguration
    let api: GoTrueAPI
    let sessions: SessionManager
    let events = AuthEventBroadcaster()
    let linkPolicy: AuthLinkPolicy
    private let autoRefresh = Locked<Task<Void, Never>?>(nil)

    public init(configuration: AuthClientConfiguration) {
        self.configuration = configuration
        linkPolicy = AuthLinkPolicy(configuration: configuration)
        let builder = GoTrueRequestBuilder(baseURL: configuration.url, apiKey: configuration.apiKey, headers: configuration.headers)
        api = GoTrueAPI(builder: builder, http: APIRequester(transport: configuration.transport, timeout: configuration.requestTimeout))
        sessions = SessionManager(api: api, events: events, configuration: configuration)
        if configuration.autoRefreshToken { startAutoRefresh() }
    }

    /// A client with the platform's default storage.
    public convenience init(url: URL, apiKey: String? = nil) {
        self.init(configuration: AuthClientConfiguration(url: url, apiKey: apiKey))
    }

    deinit {
        autoRefresh.withLock { $0?.cancel() }
    }

    // MARK: Events and the stored session

    public func authStateChanges() -> AsyncStream<AuthStateChange> {
        events.stream()
    }

    public func currentSession() async -> Session? {
        await sessions.storedSession()
    }

    /// Loads the stored session at launch and announces it as `initialSession`. When the storage
    /// cannot be read (see `readStoredSession()`), nothing is announced and nil is returned.
    public func restoreSession() async -> Session? {
        do {
            let session = try await sessions.readStoredSession()
            events.emit(.initialSession, session)
            return session
        } catch {
            return nil
        }
    }

    /// The stored session, or `SessionStorageError` (`.read`) when the storage cannot be read now
    /// (a locked Keychain): unknown, not signed out — ask again later (e.g. after unlock).
    public func readStoredSession() async throws -> Session? {
        try await sessions.readStoredSession()
    }

    /// A session valid for at least the refresh leeway: refreshed first when it is about to expire.
    public var session: Session {
        get async throws { try await sessions.validSession() }
    }

    /// Refreshes now. Concurrent callers share one request.
    @discardableResult
    public func refreshSession() async throws -> Session {
        try await sessions.refresh()
    }

    // MARK: Signing up, in and out

    public func signUp(
        email: String, password: String, data: [String: JSONValue]? = nil, redirectTo: URL? = nil
    ) async throws -> SignUpResult {
        try await signUp(email: email, password: password, data: data, redirectTo: redirectTo, rememberMe: true)
    }

    /// Signs up; `rememberMe` decides where the session is kept — the one the server answers at
    /// once, or the one the confirmation link opens later (PKCE keeps the choice with the verifier).
    public func signUp(
        email: String, password: String, data: [String: JSONValue]? = nil, redirectTo: URL? = nil, rememberMe: Bool
    ) async throws -> SignUpResult {
        var body = SignUpRequest(email: email, password: password, data: data)
        if configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: false, rememberMe: rememberMe)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        let result = try await api.signUp(body, redirectTo: redirectTo ?? configuration.redirectURL)
        if case .signedIn(let session) = result {
            events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        }
        return result
    }

    /// Signs in with email and password. `rememberMe` keeps the session across launches;
    /// without it the session lives in memory only.
    @discardableResult
    public func signIn(email: String, password: String, rememberMe: Bool = true) async throws -> Session {
        let session = try await api.signIn(email: email, password: password)
        events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        return session
    }

    /// Ends sessions on the server. The local session is forgotten for `global` and `local`
    /// even when the server cannot be reached; the error is still thrown.
    public func signOut(scope: SignOutScope = .global) async throws {
        // The stored session as it is (not awaiting a refresh under way: that one will be
        // discarded); refreshed first only when its access token has already expired.
        var session = await sessions.storedSession()
        if let stored = session, stored.expires(within: 0, now: configuration.now().timeIntervalSince1970) {
            session = try? await sessions.validSession()
        }
        var failure: (any Error)?
        if let session {
            do { try await api.logout(accessToken: session.accessToken, scope: scope) } catch { failure = error }
        }
        if scope != .others {
            // A refresh that found the session revoked has already cleared it and said so.
            let hadSession = await sessions.storedSession() != nil
            // A PKCE verifier waiting for a link belongs to the person signing out too.
            do { try removeVerifier() } catch { failure = failure ?? error }
            do { try await sessions.clear() } catch { failure = failure ?? error }
            if hadSession { events.emit(.signedOut, nil) }
        }
        if let failure { throw failure }
    }

    // MARK: The signed-in user

    /// `GET /user`: the user as the server knows it now.
    public func user() async throws -> User {
        let session = try await sessions.validSession()
        return try await endingDeadSessions(session) { try await api.user(accessToken: $0) }
    }

    /// `PUT /user {password}` — also how a recovery session sets the new password.
    @discardableResult
    public func updatePassword(_ password: String) async throws -> User {
        try await updateUser(password: password)
    }

    /// `PUT /user {password}` with `session`'s token — a recovery flow sends the change with the
    /// recovery session it was given, whatever the current session became meanwhile.
    @discardableResult
    public func updatePassword(_ password: String, using session: Session) async throws -> User {
        let user = try await endingDeadSessions(session) {
            try await api.updateUser(UserUpdateRequest(password: password), accessToken: $0)
        }
        if let updated = await sessions.replaceUser(user, ifAccessToken: session.accessToken) { events.emit(.userUpdated, updated) }
        return user
    }

    /// `PUT /user`: a new password and/or metadata to merge (`null` removes a key).
    @discardableResult
    public func updateUser(password: String? = nil, data: [String: JSONValue]? = nil) async throws -> User {
        let session = try await sessions.validSession()
        let user = try await endingDeadSessions(session) {
            try await api.updateUser(UserUpdateRequest(password: password, data: data), accessToken: $0)
        }
        let updated = await sessions.replaceUser(user)
        events.emit(.userUpdated, updated)
        return user
    }

    /// Runs `call` with `session`'s access token; when the server answers that the session is
    /// dead (revoked, banned, deleted user, a token it did not sign), the session ends here too.
    func endingDeadSessions<T>(_ session: Session, _ call: (String) async throws -> T) async throws -> T {
        do {
            return try await call(session.accessToken)
        } catch let error as AuthClientError where error.endsSessionOnAnyEndpoint {
            if await sessions.endIfCurrent(session) { events.emit(.signedOut, nil, endReason: .of(error)) }
            throw error
        }
    }

    // MARK: Background refresh

    /// Refreshes the session shortly before it expires, until `stopAutoRefresh()`.
    public func startAutoRefresh() {
        let sessions = sessions
        let interval = configuration.autoRefreshInterval
        let sleep = configuration.sleep
        let task = Task {
            while !Task.isCancelled {
                await sessions.autoRefreshTick()
                try? await sleep(interval)
            }
        }
        autoRefresh.withLock { previous in
            previous?.cancel()
            previous = task
        }
    }

    public func stopAutoRefresh() {
        autoRefresh.withLock { task in
            task?.cancel()
            task = nil
        }
    }
}
