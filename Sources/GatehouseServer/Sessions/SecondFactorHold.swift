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

/// What a password sign-in that may stop at the second factor leads to.
enum PasswordSignInOutcome: Sendable {
    case signedIn(IssuedSession)
    /// The password was right and the account has a verified factor: no session is started
    /// until a code of that factor completes the sign-in.
    case secondFactorRequired(UserRecord)
}

extension SessionService {
    /// A password sign-in over a protocol whose clients finish multi-factor sign-ins themselves
    /// (Firebase's `mfaPendingCredential`): the checks and the session of `signIn`, except that
    /// an account with a verified factor gets no session from its password alone. GoTrue's
    /// `/token` instead starts an aal1 session, which its clients raise with `/factors/{id}/verify`.
    /// `requireConfirmedEmail` as for `signIn`.
    func signInUnlessSecondFactor(
        email: String, password: String, client: ClientInfo, requireConfirmedEmail: Bool
    ) async throws(AuthError) -> PasswordSignInOutcome {
        do {
            let checked = try await passwordFirstFactor(email: email, password: password, requireConfirmedEmail: requireConfirmedEmail)
            let outcome: PasswordSignInOutcome
            if checked.user.hasVerifiedFactor {
                try await holdForSecondFactor(checked)
                outcome = .secondFactorRequired(checked.user)
            } else {
                outcome = .signedIn(try await startPasswordSession(checked, password: password, client: client))
            }
            metrics.recordSignIn(failure: nil)
            return outcome
        } catch {
            metrics.recordSignIn(failure: error)
            throw error
        }
    }

    /// The password was right: its failure budget starts again (the factor has its own), and
    /// the log says a sign-in is waiting for its factor.
    private func holdForSecondFactor(_ checked: CheckedPassword) async throws(AuthError) {
        let now = clock.now()
        let (user, budgetKey) = (checked.user, checked.budgetKey)
        let event = AuditEvent(.login, user, traits: ["provider": "email", "method": "password", "factor": "required"])
        try await store.run(.transaction) { work in
            try await work.attemptBudgets.reset(key: budgetKey)
            try await work.audit(event, at: now)
        }
    }
}
