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

/// Where an account stands. GoTrue and Firebase apply different rules to one account store;
/// this is the one place those rules are written, so that neither protocol opens a door the
/// other keeps shut. docs/SECURITY.md states the same table.
enum AccountState: String, Sendable, Equatable {
    /// Made by anonymous sign-in: no address, so nothing to recover with.
    case anonymous
    /// Has an address nobody has proven yet: a GoTrue sign-up (its password waits in the
    /// pending sign-up), a Firebase sign-up (its password is in force), an invitation, an
    /// account an admin made without confirming it.
    case unconfirmed
    /// Its address was proven by a link or code sent to it, or an admin confirmed it.
    case confirmed
    /// Banned until a time in the future.
    case banned

    init(of user: UserRecord, at now: Timestamp) {
        if user.isBanned(at: now) {
            self = .banned
        } else if user.isAnonymous {
            self = .anonymous
        } else {
            self = user.isConfirmed ? .confirmed : .unconfirmed
        }
    }
}

/// The protocol a request speaks: each has its own rule for unconfirmed addresses.
enum AuthProtocol: Sendable {
    /// GoTrue's API, the pages and the console: an unconfirmed address never signs in.
    case gotrue
    /// Firebase's API: an unverified address signs in with the password it was made with.
    case firebase
}

/// Something a signed-in person may add to an account.
enum AccountCredential: Sendable {
    case passkey
    case factor
    /// An identity at another provider (Apple, Google, an OpenID Connect issuer).
    case providerIdentity
}

/// What an account may do in each state, for every protocol.
enum AccountLifecycle {
    /// A password sign-in whose password was right: what it may yield.
    enum PasswordSignIn: Equatable {
        case allowed
        /// GoTrue's `email_not_confirmed`, told only to someone who knew the password.
        case emailNotConfirmed
        /// Answered as a wrong password: the password matched nothing in force.
        case invalidCredentials
        case banned
    }

    /// `matchedPendingSignUp`: the password matched a GoTrue sign-up still waiting for its link,
    /// not the account's own. Such a password proves nothing about the address, so it never
    /// signs in (Firebase would otherwise let the first registrant in); GoTrue tells its owner the
    /// address is not confirmed yet, as GoTrue does.
    static func passwordSignIn(
        _ state: AccountState, over authProtocol: AuthProtocol, matchedPendingSignUp: Bool
    ) -> PasswordSignIn {
        switch (state, authProtocol) {
        case (.banned, _): return .banned
        case (.unconfirmed, .gotrue): return .emailNotConfirmed
        case (.unconfirmed, .firebase): return matchedPendingSignUp ? .invalidCredentials : .allowed
        case (.confirmed, _), (.anonymous, _): return matchedPendingSignUp ? .invalidCredentials : .allowed
        }
    }

    /// Whether a session may be carried on (refreshed, or its access token used) over a protocol.
    /// A Firebase session of an unverified account stays a Firebase session: GoTrue, which would
    /// not have signed it in, does not take it over.
    static func allowsSession(_ state: AccountState, over authProtocol: AuthProtocol) -> Bool {
        switch (state, authProtocol) {
        case (.banned, _): return false
        case (.unconfirmed, .gotrue): return false
        case (.unconfirmed, .firebase), (.confirmed, _), (.anonymous, _): return true
        }
    }

    /// Whether a credential may be added. Only a proven owner adds a way in: what an unproven
    /// party added would outlive the confirmation that hands the account to its owner.
    /// An anonymous account's holder may add a provider identity: that is how it becomes a
    /// lasting account, and nobody else could have signed in to it.
    static func mayAdd(_ credential: AccountCredential, in state: AccountState) -> Bool {
        switch credential {
        case .passkey, .factor: state == .confirmed
        case .providerIdentity: state == .confirmed || state == .anonymous
        }
    }

    /// Whether a provider identity nobody holds yet may join the account that already has its
    /// address. Only a proven owner's account, and only when the provider vouches for the
    /// address: otherwise whoever controls an identity claiming the address (or signed up with
    /// it first) would hold a way into an account that is not theirs.
    static func mayLinkByAddress(providerVerified: Bool, to state: AccountState, policy: IdentityLinking) -> Bool {
        policy == .verifiedAddresses && providerVerified && state == .confirmed
    }

    /// Whether a sign-up of this account's address may put its own password in play (kept
    /// apart until its link is used). Not when somebody can already sign in to the account
    /// (a confirmed owner, or an unverified Firebase account with its own password): a
    /// stranger's sign-up never replaces their credentials. They recover the account instead,
    /// which proves the address and clears what was set before.
    static func acceptsCompetingSignUp(_ user: UserRecord, at now: Timestamp) -> Bool {
        AccountState(of: user, at: now) == .unconfirmed && user.passwordHash == nil
    }
}

extension AccountLifecycle {
    /// Throws what a caller of a session the account's state does not allow is told: a banned
    /// user `user_banned`, an unverified address over GoTrue `email_not_confirmed` (GoTrue would
    /// not have signed it in). `kind` is the route's: a bad request on `/token`, forbidden on bearer routes.
    static func requireSession(
        of user: UserRecord, over authProtocol: AuthProtocol, at now: Timestamp, kind: AuthError.Kind
    ) throws(AuthError) {
        let state = AccountState(of: user, at: now)
        guard !allowsSession(state, over: authProtocol) else { return }
        if state == .banned { throw AuthError(.userBanned, kind: kind) }
        throw AuthError(.emailNotConfirmed, kind: kind)
    }

    /// Throws unless `credential` may be added to the caller's account (403: a proven owner only).
    static func requireMayAdd(_ credential: AccountCredential, to user: UserRecord, at now: Timestamp) throws(AuthError) {
        guard !mayAdd(credential, in: AccountState(of: user, at: now)) else { return }
        throw AuthError(.emailNotConfirmed, kind: .forbidden, "Confirm your email address before adding a sign-in method")
    }
}
