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

import GatehouseCore

/// A signed-in session as the server returns it (GatehouseCore's wire type).
public typealias Session = SessionPayload
/// A user as the server returns it (GatehouseCore's wire type).
public typealias User = UserPayload

/// What `signUp` produced: a session (the server confirms at once) or a user who must first
/// confirm the address from an email.
public enum SignUpResult: Sendable, Equatable {
    case signedIn(Session)
    case confirmationRequired(User)

    public var user: User {
        switch self {
        case .signedIn(let session): session.user
        case .confirmationRequired(let user): user
        }
    }
}

/// Which sessions `signOut` ends: every device, this one, or every other one (GatehouseCore's
/// wire type, the one the server reads; named here so apps that import only the SDK keep it).
public typealias SignOutScope = GatehouseCore.SignOutScope

/// GoTrue's `type` for `verifyOTP`.
public enum OTPType: String, Sendable {
    case recovery, signup, email, magiclink, invite
    case emailChange = "email_change"
}

/// How links come back to the app: the session in the URL fragment (implicit) or a one-time
/// code to exchange with a verifier only this device holds (PKCE, the default).
public enum AuthFlowType: String, Sendable {
    case implicit, pkce
}

/// What happened to the session.
public enum AuthChangeEvent: String, Sendable {
    /// The session restored from storage at launch (nil when signed out).
    case initialSession
    case signedIn
    case signedOut
    case tokenRefreshed
    case userUpdated
    /// A reset link or code was redeemed: the app should ask for a new password. Emitted for the
    /// implicit, PKCE and code flows alike (supabase-swift misses it for PKCE).
    case passwordRecovery
    /// An MFA verification replaced the session with one at `aal2` (`mfa.verify`).
    case mfaChallengeVerified
}

/// One entry of the auth event stream.
public struct AuthStateChange: Sendable, Equatable {
    public let event: AuthChangeEvent
    public let session: Session?
    /// Why a `signedOut` came without the app asking for it (nil for every other event and for
    /// a sign-out on purpose).
    public let endReason: SessionEndReason?

    public init(event: AuthChangeEvent, session: Session?, endReason: SessionEndReason? = nil) {
        self.event = event
        self.session = session
        self.endReason = endReason
    }
}

/// Why the server ended a session the app still held.
public enum SessionEndReason: Sendable, Equatable {
    /// The server's inactivity timeout (`GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT`, GoTrue's
    /// `SESSIONS_INACTIVITY_TIMEOUT`): a refresh answered `session_expired`. The login page's
    /// "You were logged out due to inactivity" banner is for this one only.
    case inactivity
    /// Revoked (signed out elsewhere), the user banned or deleted, a refresh token reused.
    case refused

    /// The reason behind a refusal that ended the session.
    static func of(_ error: AuthClientError) -> SessionEndReason {
        error.apiError?.code == .sessionExpired ? .inactivity : .refused
    }
}

extension SessionPayload {
    /// Whether the access token expires within `leeway` seconds of `now` (Unix seconds).
    public func expires(within leeway: Double, now: Double) -> Bool {
        Double(expiresAt) - now <= leeway
    }
}
