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

/// What the console's password step leads to.
enum ConsoleSignInOutcome: Sendable {
    /// The operator is in: the session is the console's.
    case signedIn(SessionRecord, UserRecord)
    /// The account has a verified TOTP factor: the session exists but opens no console page
    /// until its code is verified (`/admin/login/factor`, which raises the session to aal2).
    case needsFactor(SessionRecord, UserRecord)
}

extension SessionService {
    /// `POST /admin/login`: the console's password step.
    ///
    /// The same checks as `signIn` (`PasswordSignIn.swift`): the per-address failure budget is
    /// the very one password sign-in spends (the console is no second guessing channel), one
    /// bcrypt verify on every path, a ban ends it. Then the account must be an operator
    /// (`users.is_super_admin`). Every refusal is the same `invalid_credentials`, whatever the
    /// reason (wrong password, banned, unconfirmed, not an operator): the console's sign-in page
    /// tells a stranger nothing about an account. The reason goes to the audit log only
    /// (`login_failed` with `method: console`).
    func consoleSignIn(email rawEmail: String, password: String, client: ClientInfo) async throws(AuthError) -> ConsoleSignInOutcome {
        let checked = try await checkPassword(email: rawEmail, password: password) { error, address, user, reason in
            await consoleRefused(error, email: address, user: user, reason: reason)
        }
        let (user, address, budgetKey) = (checked.user, checked.address, checked.budgetKey)
        let now = clock.now()
        let isOperator = try await store.run { try await $0.users.isSuperAdmin(id: user.id) }
        let refusal: String? =
            if user.isBanned(at: now) {
                "user_banned"
            } else if !user.isConfirmed {
                "email_not_confirmed"
            } else if !isOperator {
                "not_super_admin"
            } else {
                nil
            }
        if let refusal { throw await consoleRefused(.invalidCredentials, email: address, user: user, reason: refusal) }

        let needsFactor = user.factors.contains { $0.isVerified && $0.factorType == "totp" }
        let session = try await store.run(.transaction) { work in
            try await work.users.recordSignIn(userId: user.id, at: now)
            try await work.attemptBudgets.reset(key: budgetKey)
            var traits = ["provider": "email", "method": "console"]
            if needsFactor { traits["factor"] = "required" }
            try await work.audit(AuditEvent(.login, user, traits: traits), at: now)
            return try await issuer.start(for: user, methods: [.password(at: now)], client: client, now: now, in: work)
        }
        return needsFactor ? .needsFactor(session, user) : .signedIn(session, user)
    }

    /// Writes the refusal to the audit log and hands back the one neutral error.
    private func consoleRefused(_ error: AuthError, email: String, user: UserRecord?, reason: String) async -> AuthError {
        let event = auditedIdentifier.recording(
            email, in: AuditEvent(.loginFailed, user: user?.id, traits: ["reason": reason, "method": "console"]))
        await store.audit(event, at: clock.now())
        return error.code == .overRequestRateLimit || error.kind.isServerFailure ? error : .invalidCredentials
    }
}
