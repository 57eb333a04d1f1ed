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
import GatehouseClient
import GatehouseCore
import Logging

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// "Sign in with Apple" on the login and sign-up pages. The platform's sheet is the view's (
/// `SignInWithAppleButton`); the model makes the request's nonce and turns Apple's credential
/// into a session:
///
/// 1. `nonceForRequest()` makes a raw nonce (32 random bytes, base64url), keeps it, and gives its
///    SHA-256 hex for Apple's request, so the ID token carries the hash.
/// 2. `complete(with:)` sends the token and the kept raw nonce to the server
///    (`signInWithIdToken`), once: the nonce is dropped whatever the outcome.
/// 3. Apple gives the person's name only on the first authorization, and only to the app. The
///    model keeps it (also across a failed sign-in, since Apple will not send it again) and
///    writes it to the account's metadata when the server made a new account or the account has
///    no name yet; an account that already has a name keeps it.
///
/// Closing the sheet is not an error. `cancel()` (the view's `.onDisappear`) ends the request,
/// and a session that lands after the person left is ended.
@MainActor
public final class SignInWithAppleModel: ObservableObject {
    public enum Phase: Equatable, Sendable { case idle, inProgress, signedIn }
    public enum Destination: Equatable, Sendable { case dashboard }

    @Published public internal(set) var phase: Phase = .idle
    /// Why the last try failed (nil after a cancellation: nothing to say).
    @Published public internal(set) var errorMessage: String?
    /// Who signed in. The session stays with the client; the page keeps no copy of its tokens.
    @Published public internal(set) var signedInUser: User?
    @Published public internal(set) var destination: Destination?
    @Published public internal(set) var signals = UserSignals()
    /// The name Apple gave and not yet saved to the account.
    public private(set) var pendingName: AppleProvidedName?
    /// Whether the session is kept across launches (the page's "Remember me", read at the tap).
    public var rememberMe: Bool

    private var nonce: IDTokenNonce?
    let request = OwnedRequest()
    let auth: any AuthClientProtocol
    let clock: any FeatureClock
    let requestTimeout: TimeSpan
    let logger: Logger

    public init(
        auth: any AuthClientProtocol, clock: any FeatureClock = SystemClock(), rememberMe: Bool = true,
        requestTimeout: TimeSpan = .seconds(30), logger: Logger = Logger(label: "gatehouse.features.apple")
    ) {
        self.auth = auth
        self.clock = clock
        self.rememberMe = rememberMe
        self.requestTimeout = requestTimeout
        self.logger = logger
    }

    /// The button takes no tap while Apple's answer is being checked.
    public var isButtonDisabled: Bool { phase == .inProgress }

    /// For Apple's request (`ASAuthorizationAppleIDRequest.nonce`): a fresh raw nonce is kept and
    /// its SHA-256, lowercase hex, returned. Each request has its own.
    public func nonceForRequest() -> String {
        let fresh = IDTokenNonce.make()
        nonce = fresh
        errorMessage = nil
        return fresh.hashed
    }

    /// Apple's answer: the credential, or why there is none (`SignInWithAppleError.cancelled`
    /// when the person closed the sheet). Runs as the model's request: `cancel()` ends it.
    public func complete(with result: Result<AppleIDCredential, any Error>) async {
        await request.run { [self] in await finish(result) }
    }

    /// Leaving the page: the request in flight ends, and a session that still lands is ended.
    public func cancel() {
        request.cancel()
        nonce = nil
    }

    public func didNavigate() { destination = nil }

    private func finish(_ result: Result<AppleIDCredential, any Error>) async {
        guard phase != .inProgress else { return }
        let nonce = nonce
        self.nonce = nil
        let credential: AppleIDCredential
        switch result {
        case .success(let value): credential = value
        case .failure(SignInWithAppleError.cancelled), .failure(is CancellationError): return
        case .failure(let error):
            logger.info("Sign in with Apple failed on the device", metadata: ["reason": "\(error)"])
            return fail(FederatedSignInText.appleFailed)
        }
        if let name = AppleProvidedName(credential.fullName) { pendingName = name }
        guard let nonce, let data = credential.identityToken, let token = String(data: data, encoding: .utf8), !token.isEmpty else {
            logger.info("Sign in with Apple answered without a token, or no request was prepared")
            return fail(FederatedSignInText.appleFailed)
        }
        phase = .inProgress
        errorMessage = nil
        let auth = auth
        let rememberMe = rememberMe
        let landed = LandedSession()
        do {
            let signIn = try await withTimeout(requestTimeout, clock: clock) {
                let signIn = try await auth.signInWithIdToken(
                    provider: .apple, idToken: token, nonce: nonce.raw, accessToken: nil, rememberMe: rememberMe)
                landed.record(signIn.session)
                return signIn
            }
            _ = landed.take()
            if Task.isCancelled {
                phase = .idle
                await endLateSession(signIn.session, auth: auth)
                return
            }
            signedInUser = await userWithName(after: signIn)
            phase = .signedIn
            destination = .dashboard
            signals.signal(.success, announcing: UserFacingText.Login.signedInAnnouncement)
        } catch {
            phase = .idle
            if let late = landed.take() { await endLateSession(late, auth: auth) }
            if error is CancellationError { return }
            FeatureLog.failure(error, page: "apple", logger: logger)
            fail(FederatedSignInText.message(for: error))
        }
    }

    /// The signed-in user, with the kept name written to its metadata when the account is new
    /// or has none. A failed write does not undo the sign-in: the name stays kept.
    private func userWithName(after signIn: IDTokenSignIn) async -> User {
        let user = signIn.session.user
        guard let name = pendingName else { return user }
        guard signIn.isNewUser == true || !AppleProvidedName.isNamed(user.userMetadata) else {
            pendingName = nil
            return user
        }
        let auth = auth
        do {
            let updated = try await withTimeout(requestTimeout, clock: clock) { try await auth.updateUserMetadata(name.metadata) }
            pendingName = nil
            return updated
        } catch {
            FeatureLog.failure(error, page: "apple", logger: logger)
            return user
        }
    }

    private func fail(_ text: String) {
        errorMessage = text
        signals.signal(.error, announcing: text)
    }
}
