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

/// An auth client for Firebase's Identity Toolkit REST API — Google's service or Gatehouse's
/// Firebase adapter — with the same interface as `AuthClient`, so the feature models (login,
/// sign-up, forgot and reset password) work unchanged on either protocol.
///
/// Sign-up and sign-in (`accounts:signUp`, `accounts:signInWithPassword`, then
/// `accounts:lookup` for the user, as the iOS SDK does), refresh through
/// `securetoken.googleapis.com/v1/token`, password change through `accounts:update` (its new
/// tokens replace the old ones, which the change revoked), sign-out (Firebase has no server
/// call: the session is forgotten here). Reset: `accounts:sendOobCode`; a reset link
/// (`…?mode=resetPassword&oobCode=…`) or its code opens a *recovery session* that stands for the
/// checked code (its token is a local handle, not a credential); `updatePassword(_:using:)` with
/// it calls `accounts:resetPassword {oobCode, newPassword}`.
public final class FirebaseAuthClient: AuthClientProtocol {
    public let configuration: FirebaseAuthConfiguration
    let api: FirebaseAPI
    let store: FirebaseSessionStore
    let events = AuthEventBroadcaster()

    public init(configuration: FirebaseAuthConfiguration) {
        self.configuration = configuration
        api = FirebaseAPI(
            endpoints: configuration.endpoints,
            http: APIRequester(transport: configuration.transport, timeout: configuration.requestTimeout))
        store = FirebaseSessionStore(storage: configuration.storage, key: configuration.storageKey)
    }

    // MARK: Events and the stored session

    public func authStateChanges() -> AsyncStream<AuthStateChange> { events.stream() }

    public func currentSession() async -> Session? { await store.stored() }

    public func restoreSession() async -> Session? {
        let session = await store.stored()
        events.emit(.initialSession, session)
        return session
    }

    /// A session valid for at least the refresh leeway: refreshed first when it is about to expire.
    public var session: Session {
        get async throws {
            try await endingDeadSession {
                try await store.valid(leeway: configuration.refreshLeeway.seconds, now: now) { [api, configuration] old in
                    try await Self.refreshed(old, api: api, now: configuration.now().timeIntervalSince1970)
                }
            }
        }
    }

    /// `securetoken …/token` now. Concurrent callers share one request.
    @discardableResult
    public func refreshSession() async throws -> Session {
        let session = try await endingDeadSession {
            try await store.refreshed { [api, configuration] old in
                try await Self.refreshed(old, api: api, now: configuration.now().timeIntervalSince1970)
            }
        }
        events.emit(.tokenRefreshed, session)
        return session
    }

    // MARK: Signing up, in and out

    /// `accounts:signUp`: Firebase signs the new account in at once and sends no email
    /// (`EMAIL_EXISTS` for a registered address). `data` and `redirectTo` have no Firebase
    /// counterpart and are not sent.
    public func signUp(email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?) async throws -> SignUpResult {
        try await signUp(email: email, password: password, data: data, redirectTo: redirectTo, rememberMe: true)
    }

    public func signUp(
        email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?, rememberMe: Bool
    ) async throws -> SignUpResult {
        let answer = try await api.signUp(email: email, password: password)
        return .signedIn(try await signedIn(answer, remember: rememberMe))
    }

    /// `accounts:signInWithPassword`, then `accounts:lookup` for the user.
    @discardableResult
    public func signIn(email: String, password: String, rememberMe: Bool = true) async throws -> Session {
        let answer = try await api.signIn(email: email, password: password)
        return try await signedIn(answer, remember: rememberMe)
    }

    /// Forgets the session on this device (Firebase has no sign-out call; the refresh token
    /// stays valid on the server until a password change or reset revokes it).
    public func signOut(scope: SignOutScope = .local) async throws {
        let had = await store.stored() != nil
        await store.clear()
        if had { events.emit(.signedOut, nil) }
    }

    // MARK: The signed-in user

    /// `accounts:lookup`: the user as the server knows it now.
    public func lookup() async throws -> FirebaseUserInfo {
        let session = try await session
        return try await endingDeadSession { try await api.lookup(idToken: session.accessToken) }
    }

    /// `accounts:update {idToken, password, returnSecureToken: true}`: the change revokes every
    /// refresh token of the account, so the new tokens of the answer replace this device's.
    @discardableResult
    public func updatePassword(_ password: String) async throws -> User {
        if let recovery = await store.recovery() { return try await updatePassword(password, using: recovery) }
        let session = try await session
        let answer = try await endingDeadSession { try await api.changePassword(idToken: session.accessToken, password: password) }
        let updated = try Self.session(from: answer, user: session.user, now: now)
        await store.save(updated)
        events.emit(.userUpdated, updated)
        return updated.user
    }

    /// With a recovery session (a checked reset code): `accounts:resetPassword {oobCode,
    /// newPassword}`. With any other session: as `updatePassword(_:)`.
    @discardableResult
    public func updatePassword(_ password: String, using session: Session) async throws -> User {
        guard let code = await store.resetCode(for: session) else { return try await updatePassword(password) }
        _ = try await api.resetPassword(oobCode: code, newPassword: password)
        await store.dropResetCode(for: session)
        return session.user
    }

    var now: Double { configuration.now().timeIntervalSince1970 }

    /// Runs `call`; when Firebase says the session is over (revoked by a password change or
    /// reset, the user deleted or disabled), it ends here too.
    func endingDeadSession<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as AuthClientError where error.endsSessionOnAnyEndpoint {
            if await store.stored() != nil {
                await store.clear()
                events.emit(.signedOut, nil, endReason: .refused)
            }
            throw error
        }
    }

    /// Keeps the session of a sign-up or sign-in answer, with its user from `accounts:lookup`.
    /// A pending multi-factor sign-in (no tokens yet) is `FirebaseErrorResponse.secondFactorRequired`.
    func signedIn(_ answer: FirebaseTokenAnswer, remember: Bool) async throws -> Session {
        if answer.idToken == nil, answer.mfaPendingCredential != nil { throw FirebaseErrorResponse.secondFactorRequired }
        guard let idToken = answer.idToken else { throw AuthClientError.malformedResponse("the answer has no idToken") }
        let user = try await api.lookup(idToken: idToken)
        let session = try Self.session(from: answer, user: FirebaseUserMapping.user(user), now: now)
        await store.save(session, remember: remember)
        events.emit(.signedIn, session)
        return session
    }

    static func session(from answer: FirebaseTokenAnswer, user: User, now: Double) throws -> Session {
        guard let idToken = answer.idToken, let refreshToken = answer.refreshToken else {
            throw AuthClientError.malformedResponse("the answer has no idToken or refreshToken")
        }
        let expiresIn = answer.expiresIn?.value ?? 3600
        return Session(
            accessToken: idToken, tokenType: "bearer", expiresIn: expiresIn, expiresAt: Int64(now) + Int64(expiresIn),
            refreshToken: refreshToken, user: user)
    }

    static func refreshed(_ old: Session, api: FirebaseAPI, now: Double) async throws -> Session {
        let answer = try await api.refresh(refreshToken: old.refreshToken)
        guard let token = answer.accessToken ?? answer.idToken, !token.isEmpty else {
            throw AuthClientError.malformedResponse("the token answer has no access_token")
        }
        let expiresIn = answer.expiresIn.value
        return Session(
            accessToken: token, tokenType: "bearer", expiresIn: expiresIn, expiresAt: Int64(now) + Int64(expiresIn),
            refreshToken: answer.refreshToken, user: old.user)
    }
}
