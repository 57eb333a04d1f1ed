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

/// What the app's feature models need of an auth client. `AuthClient` is the live one; tests
/// and previews pass their own (the isowords interface/live split).
public protocol AuthClientProtocol: Sendable {
    func signUp(email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?) async throws -> SignUpResult
    /// Signs up with an explicit "remember me" for the session it opens.
    func signUp(email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?, rememberMe: Bool) async throws
        -> SignUpResult
    func signIn(email: String, password: String, rememberMe: Bool) async throws -> Session
    func signOut(scope: SignOutScope) async throws
    func resetPasswordForEmail(_ email: String, redirectTo: URL?) async throws
    func verifyOTP(email: String, token: String, type: OTPType) async throws -> Session
    func session(from url: URL) async throws -> Session
    func updatePassword(_ password: String) async throws -> User
    /// `PUT /user {password}` with this session's token (a recovery session), not the current one.
    func updatePassword(_ password: String, using session: Session) async throws -> User
    /// The stored session, without a network call.
    func currentSession() async -> Session?
    /// Loads the stored session at launch and announces it as `initialSession`.
    func restoreSession() async -> Session?
    func authStateChanges() -> AsyncStream<AuthStateChange>
    /// Whether `url` points at a place this client takes links from (see `AllowedLink`).
    func acceptsLink(_ url: URL) -> Bool
    /// The current session if a reset link or code opened it (nil for an ordinary sign-in).
    func recoverySession() async -> Session?
    /// Ends the recovery session after the reset (or keeps it, when the app chooses so).
    func finishRecovery(_ session: Session, keepSignedIn: Bool) async
    /// `POST /resend {type: signup}`: the confirmation email again, for an unconfirmed address.
    func resendSignUpConfirmation(email: String, redirectTo: URL?) async throws
    /// The server's configured lifetime of emailed links, in seconds (nil when it does not say).
    func emailLinkLifetime() async -> Int?
    /// `POST /passkeys/authentication/options`: a challenge for a passkey sign-in.
    func getPasskeyAuthenticationOptions() async throws -> PasskeyAuthenticationOptions
    /// `POST /passkeys/authentication/verify`: the session, kept and announced as a password sign-in's.
    func verifyPasskeyAuthentication(challengeId: String, credentialResponse: AssertionCredential, rememberMe: Bool) async throws
        -> Session
    /// After a `LinkSessionConflict`, the app chose the link's user: the signed-in session ends
    /// on this device and the link's session becomes the current one.
    func adoptPendingLinkSession() async throws -> Session
    /// After a `LinkSessionConflict`, the app kept the signed-in user: the link's session ends.
    func discardPendingLinkSession() async
    /// Signs in with an ID token a provider gave the app (Sign in with Apple); the session is
    /// kept and announced as a password sign-in's.
    func signInWithIdToken(provider: ExternalProvider, idToken: String, nonce: String?, accessToken: String?, rememberMe: Bool)
        async throws -> IDTokenSignIn
    /// Merges `data` into the signed-in user's metadata (on Firebase: its display name).
    func updateUserMetadata(_ data: [String: JSONValue]) async throws -> User
}

extension AuthClientProtocol {
    /// Whether `url` is a link this client would redeem. Clients that cannot tell accept none.
    public func acceptsLink(_ url: URL) -> Bool { false }

    public func signUp(
        email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?, rememberMe: Bool
    ) async throws -> SignUpResult {
        try await signUp(email: email, password: password, data: data, redirectTo: redirectTo)
    }

    /// Clients that cannot resend (previews) say the request was not understood.
    public func resendSignUpConfirmation(email: String, redirectTo: URL?) async throws {
        throw AuthClientError.api(APIError(status: 400, code: .validationFailed, message: "resend is not supported by this client"))
    }

    /// Clients without passkeys (Firebase, previews) answer as a server with them switched off.
    public func getPasskeyAuthenticationOptions() async throws -> PasskeyAuthenticationOptions {
        throw AuthClientError.passkeysUnsupported
    }

    public func verifyPasskeyAuthentication(
        challengeId: String, credentialResponse: AssertionCredential, rememberMe: Bool
    ) async throws -> Session {
        throw AuthClientError.passkeysUnsupported
    }

    /// Clients without provider sign-in (previews) answer as a server with the provider off.
    public func signInWithIdToken(
        provider: ExternalProvider, idToken: String, nonce: String?, accessToken: String?, rememberMe: Bool
    ) async throws -> IDTokenSignIn {
        throw AuthClientError.api(
            APIError(status: 400, code: .providerDisabled, message: "ID token sign-in is not supported by this client"))
    }

    public func updateUserMetadata(_ data: [String: JSONValue]) async throws -> User {
        throw AuthClientError.api(
            APIError(status: 400, code: .validationFailed, message: "metadata updates are not supported by this client"))
    }

    /// Clients that cannot ask the server do not know the lifetime.
    public func emailLinkLifetime() async -> Int? { nil }

    /// Clients that never hold a link's session back have none to adopt.
    public func adoptPendingLinkSession() async throws -> Session { throw AuthClientError.sessionMissing }
    public func discardPendingLinkSession() async {}

    /// Clients that cannot tell a recovery session have none.
    public func recoverySession() async -> Session? { nil }
    public func finishRecovery(_ session: Session, keepSignedIn: Bool) async {}

    /// Clients without sessions of their own (stubs, previews) change "the" password.
    public func updatePassword(_ password: String, using session: Session) async throws -> User {
        try await updatePassword(password)
    }
}
