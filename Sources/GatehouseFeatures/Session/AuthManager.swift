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
#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The app-wide signed-in state (login spec §5 "AuthManager"): the user and session, kept in
/// step with the client's auth events. It also tells the app when to show the reset page (a
/// `passwordRecovery` event) and when a session ended on its own, so the login page can show
/// the inactivity banner (`loginReason == "timeout"`) — only when the server ended it for
/// inactivity.
@MainActor
public final class AuthManager: ObservableObject {
    @Published public internal(set) var user: User?
    @Published public internal(set) var session: Session?
    @Published public internal(set) var isRecoveringPassword = false
    /// `timeout` after the server ended the session for inactivity (the login page's `reason`).
    @Published public internal(set) var loginReason: String?
    /// Set when the last sign-out could not delete the stored session (it may come back at the
    /// next launch): the app should say so rather than show a finished sign-out.
    @Published public internal(set) var signOutStorageError: SessionStorageError?
    /// The last event seen (for views and tests).
    @Published public internal(set) var lastEvent: AuthChangeEvent?

    public var isAuthenticated: Bool { session != nil }

    let auth: any AuthClientProtocol
    private var listener: Task<Void, Never>?
    private var signingOut = false

    public init(auth: any AuthClientProtocol) {
        self.auth = auth
    }

    /// Starts following the client's events and restores the stored session.
    public func start() async {
        guard listener == nil else { return }
        let stream = auth.authStateChanges()
        listener = Task { [weak self] in
            for await change in stream {
                guard let self else { return }
                self.apply(change)
            }
        }
        let restored = await auth.restoreSession()
        apply(AuthStateChange(event: .initialSession, session: restored))
    }

    public func stop() {
        listener?.cancel()
        listener = nil
    }

    /// Opens a link that brought the app up (a reset link, a confirmation link). Only links to
    /// the client's redirect URL or allowed places are redeemed; a link for another user than the
    /// signed-in one throws `LinkSessionConflict` for the app to decide.
    public func handle(url: URL) async throws {
        guard auth.acceptsLink(url) else { throw AuthClientError.invalidLink("the link does not point at this app") }
        _ = try await auth.session(from: url)
    }

    /// Signs out on purpose: no inactivity banner afterwards.
    public func signOut(scope: SignOutScope = .local) async {
        signingOut = true
        defer { signingOut = false }
        signOutStorageError = nil
        do {
            try await auth.signOut(scope: scope)
        } catch let error as SessionStorageError {
            signOutStorageError = error
        } catch {
            // Offline or the server refused: this device is signed out all the same.
        }
        apply(AuthStateChange(event: .signedOut, session: nil))
    }

    /// The reset page finished (or was dismissed).
    public func passwordRecoveryHandled() {
        isRecoveringPassword = false
    }

    /// The login page showed the banner.
    public func loginReasonShown() {
        loginReason = nil
    }

    func apply(_ change: AuthStateChange) {
        lastEvent = change.event
        switch change.event {
        case .initialSession, .signedIn, .tokenRefreshed, .userUpdated, .mfaChallengeVerified:
            session = change.session
            user = change.session?.user
            if change.session != nil { loginReason = nil }
        case .passwordRecovery:
            session = change.session
            user = change.session?.user
            isRecoveringPassword = true
        case .signedOut:
            // Only the server's inactivity timeout (a refresh refused with `session_expired`)
            // shows the banner: not a sign-out on purpose, a revoked session, or the end of a
            // recovery session after the reset.
            if change.endReason == .inactivity, !signingOut, !isRecoveringPassword { loginReason = "timeout" }
            session = nil
            user = nil
            isRecoveringPassword = false
        }
    }
}
