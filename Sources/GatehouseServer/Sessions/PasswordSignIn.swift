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

extension SessionService {
    /// `POST /token?grant_type=password`.
    ///
    /// Every address, registered or not, has a failure budget (`claimSignInTry`), checked before
    /// anything is looked up. Every path past it pays exactly one bcrypt verify (a decoy for unknown addresses), and the
    /// account's state (banned, unconfirmed) is told only to someone who knew the password.
    /// `requireConfirmedEmail: false` is Firebase's rule: an unverified address signs in with a
    /// password of its own (`AccountLifecycle.passwordSignIn`).
    func signIn(
        email rawEmail: String?, password: String?, client: ClientInfo, requireConfirmedEmail: Bool = true
    ) async throws(AuthError) -> IssuedSession {
        do {
            let issued = try await passwordSignIn(
                email: rawEmail, password: password, client: client, requireConfirmedEmail: requireConfirmedEmail)
            metrics.recordSignIn(failure: nil)
            return issued
        } catch {
            metrics.recordSignIn(failure: error)
            throw error
        }
    }

    private func passwordSignIn(
        email rawEmail: String?, password: String?, client: ClientInfo, requireConfirmedEmail: Bool
    ) async throws(AuthError) -> IssuedSession {
        guard let rawEmail, !rawEmail.isEmpty else { throw .validation("An email address is required") }
        guard let password, !password.isEmpty else { throw .validation("Password is required") }
        let checked = try await passwordFirstFactor(email: rawEmail, password: password, requireConfirmedEmail: requireConfirmedEmail)
        return try await startPasswordSession(checked, password: password, client: client)
    }

    /// The password step: the password checked, then what the account's state allows with it.
    /// Refusals are audited and thrown; nothing is started.
    func passwordFirstFactor(
        email rawEmail: String, password: String, requireConfirmedEmail: Bool
    ) async throws(AuthError) -> CheckedPassword {
        let authProtocol: AuthProtocol = requireConfirmedEmail ? .gotrue : .firebase
        let checked = try await checkPassword(
            email: rawEmail, password: password, includingPendingSignUp: authProtocol == .gotrue
        ) { error, address, user, reason in
            await refused(error, email: address, user: user, reason: reason)
        }
        let (user, address) = (checked.user, checked.address)
        let now = clock.now()
        switch AccountLifecycle.passwordSignIn(
            AccountState(of: user, at: now), over: authProtocol, matchedPendingSignUp: checked.matchedPendingSignUp)
        {
        case .allowed:
            break
        case .banned:
            throw await refused(
                AuthError(.userBanned, kind: .invalidRequest), email: address, user: user, reason: "user_banned")
        case .emailNotConfirmed:
            let error = AuthError(.emailNotConfirmed, kind: .invalidRequest)
            throw await refused(error, email: address, user: user, reason: "email_not_confirmed")
        case .invalidCredentials:
            throw await refused(.invalidCredentials, email: address, user: user, reason: "invalid_credentials")
        }
        return checked
    }

    /// A session for the account whose password `passwordFirstFactor` accepted.
    func startPasswordSession(_ checked: CheckedPassword, password: String, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        var user = checked.user
        let budgetKey = checked.budgetKey
        let now = clock.now()
        let session = issuer.newSession(for: user, methods: [.password(at: now)], now: now)
        let event = AuditEvent(.login, user, traits: ["provider": "email", "method": "password"])
        try await store.recordPasswordSignIn(
            PasswordSignInWrite(
                userId: user.id, now: now, budgetKey: budgetKey, audit: AuditEntry(event, at: now, request: AuditRequest.current),
                session: session, client: client))
        user.lastSignInAt = now
        user.updatedAt = now
        user.identity?.lastSignInAt = now
        // GoTrue tells a client when the correct password no longer meets the current policy.
        let check = passwordPolicy.check(password)
        let weak = check == .acceptable ? nil : check.weakPasswordReasons
        return try await issuer.issue(user: user, session: session, now: now, weakPasswordReasons: weak)
    }

    /// Writes a refused sign-in to the audit log and hands back the error to throw. Every refusal
    /// past the budget writes the same one entry, so a registered address costs no more time than
    /// an unknown one.
    private func refused(_ error: AuthError, email: String, user: UserRecord?, reason: String) async -> AuthError {
        let event = auditedIdentifier.recording(email, in: AuditEvent(.loginFailed, user: user?.id, traits: ["reason": reason]))
        await store.audit(event, at: clock.now())
        return error
    }
}
