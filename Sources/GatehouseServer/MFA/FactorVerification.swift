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

/// The per-factor budget of code checks: a challenge is cheap to get, so without it a caller
/// holding the password could try the million codes at the rate limit's pace. Claimed before
/// each check, atomically (`AttemptBudgetRepository`), so parallel guesses cannot exceed it.
struct FactorGuessBudget: Sendable {
    let factorId: UUID
    let limit: Int
    let window: Double

    var key: String { "mfa:" + factorId.lowercasedString }
}

extension MFAService {
    /// `POST /factors/{id}/verify`: checks a code against a challenge of the caller's factor. On
    /// success the factor is verified, the caller's session rises to aal2 with a `totp` method
    /// (most recent first) and a new refresh token, the user's other aal1 sessions and other
    /// unverified factors are deleted, and the new session is returned.
    func verify(
        _ caller: Authenticated, factorId: String, challengeId: String?, code: String?, client: ClientInfo
    ) async throws(AuthError) -> IssuedSession {
        try caller.refuseAnonymousFactorCalls()
        guard let challengeId, let challengeUUID = UUID(parsing: challengeId) else {
            throw AuthError(.badJSON, kind: .invalidRequest, "challenge_id must be an UUID")
        }
        guard let code, !code.isEmpty else { throw .validation("Code needs to be non-empty") }
        let factor = try await ownFactor(factorId, of: caller)
        guard settings.totpVerifyEnabled else {
            throw AuthError(.mfaTOTPVerifyDisabled, kind: .refused)
        }
        let now = clock.now()
        let expiry = Int64(settings.challengeExpiry) * 1_000_000
        let challenge = try await store.run { try await $0.mfaChallenges.find(id: challengeUUID, factorId: factor.id) }
        guard let challenge else {
            throw AuthError(.mfaFactorNotFound, kind: .refused, "MFA factor with the provided challenge ID not found")
        }
        guard challenge.verifiedAt == nil, challenge.ip == client.address else {
            throw AuthError(
                .mfaIPAddressMismatch, kind: .refused)
        }
        if now.microsecondsSinceEpoch - challenge.createdAt.microsecondsSinceEpoch > expiry {
            try await store.run(.statement) { try await $0.mfaChallenges.delete(id: challengeUUID) }
            throw AuthError(
                .mfaChallengeExpired, kind: .refused,
                "MFA challenge \(challengeId) has expired, verify against another challenge or create a new challenge.")
        }
        try await claimGuess(on: factor, now: now)
        guard let secret = Base32.decode(factor.secret),
            let step = TOTP.matchingStep(code: code, secret: secret, at: now.secondsSinceEpoch)
        else {
            let refused = AuditEvent(
                .loginFailed, caller.user, traits: ["reason": "mfa_verification_failed", "factor_id": factor.id.lowercasedString])
            await store.audit(refused, at: now)
            throw AuthError(.mfaVerificationFailed, kind: .refused)
        }
        return try await raise(caller, with: factor, challenge: challengeUUID, step: step, now: now)
    }

    /// One try off the factor's budget, or 429 until its window ends (GoTrue's verify and
    /// Firebase's `mfaSignIn:finalize` spend the same one).
    func claimGuess(on factor: FactorRecord, now: Timestamp) async throws(AuthError) {
        let budget = FactorGuessBudget(factorId: factor.id, limit: settings.verifyAttempts, window: Double(settings.verifyAttemptWindow))
        let claimed = try await store.run(.statement) { work in
            try await work.attemptBudgets.claim(key: budget.key, limit: budget.limit, window: budget.window, now: now)
        }
        guard claimed else {
            let left = try await store.run { try await $0.attemptBudgets.secondsLeft(key: budget.key, window: budget.window, now: now) }
            throw AuthError(
                .overRequestRateLimit, kind: .rateLimited, "Too many MFA verification attempts, try again later",
                retryAfter: left ?? Int(budget.window))
        }
    }

    private func raise(
        _ caller: Authenticated, with factor: FactorRecord, challenge: UUID, step: Int64, now: Timestamp
    ) async throws(AuthError) -> IssuedSession {
        var session = caller.session
        let amr = [AuthenticationMethod(method: "totp", timestamp: now.secondsSinceEpoch)] + session.amr.filter { $0.method != "totp" }
        let budgetKey = FactorGuessBudget(factorId: factor.id, limit: 0, window: 0).key
        let sessionId = session.id
        let (counter, user) = try await store.run(.transaction) { work -> (Int64, UserRecord?) in
            // A code works once: its time step must be later than the last one used.
            guard try await work.mfaFactors.useStep(id: factor.id, step: step),
                try await work.mfaChallenges.markVerified(id: challenge, at: now)
            else {
                throw AuthError(.mfaVerificationFailed, kind: .refused)
            }
            if !factor.isVerified {
                try await work.mfaFactors.markVerified(id: factor.id, at: now)
                try await work.audit(.factor(.factorVerified, factor), at: now)
            }
            try await work.audit(.factor(.login, factor, extra: ["method": "totp", "aal": "aal2"]), at: now)
            guard let counter = try await work.mfaChallenges.raiseSession(id: sessionId, factorId: factor.id, amr: amr, at: now) else {
                throw AuthError(.sessionNotFound, kind: .forbidden)
            }
            try await work.mfaChallenges.deleteOtherAAL1Sessions(userId: factor.userId, except: sessionId)
            try await work.mfaFactors.deleteUnverified(userId: factor.userId, except: factor.id)
            try await work.attemptBudgets.reset(key: budgetKey)
            return (counter, try await work.users.find(id: factor.userId))
        }
        session.aal = "aal2"
        session.amr = amr
        session.refreshCounter = counter
        session.refreshedAt = now
        return try await issuer.issue(user: user ?? caller.user, session: session, now: now)
    }
}
