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

/// A password sign-in waiting for its second factor: the credential to redeem and the factors
/// it may be redeemed with.
struct MFAPendingSignIn: Sendable {
    var credential: String
    var factors: [FactorRecord]
}

extension AuthError {
    static let mfaPendingCredentialInvalid = AuthError(
        .mfaPendingCredentialInvalid, kind: .invalidRequest)
    static let mfaCodeInvalid = AuthError(.mfaVerificationFailed, kind: .refused)
}

extension MFAService {
    var pendingCredentials: MFAPendingCredentialCodec { MFAPendingCredentialCodec(secret: configuration.jwtSecret) }

    /// After the password of `user`, who has a verified factor, was right: the credential that
    /// stands for that sign-in until a code completes it, valid for `GATEHOUSE_MFA_CHALLENGE_EXPIRY`.
    func pendingSignIn(_ user: UserRecord) -> MFAPendingSignIn {
        let credential = MFAPendingCredential(userId: user.id, nonce: random.bytes(16), issuedAt: clock.now())
        return MFAPendingSignIn(
            credential: pendingCredentials.encode(credential, passwordHash: user.passwordHash), factors: user.factors.filter(\.isVerified))
    }

    /// The account a pending credential stands for, checked without spending it: written by this
    /// server, within its lifetime, for the account's current password, not older than the
    /// account's last revocation, not redeemed. Anything else is `mfaPendingCredentialInvalid`.
    func pendingAccount(_ text: String) async throws(AuthError) -> (user: UserRecord, credential: MFAPendingCredential) {
        let codec = pendingCredentials
        guard let credential = codec.decode(text) else { throw .mfaPendingCredentialInvalid }
        let now = clock.now().microsecondsSinceEpoch
        let age = now - credential.issuedAt.microsecondsSinceEpoch
        guard age >= 0, age <= Int64(settings.challengeExpiry) * 1_000_000 else { throw .mfaPendingCredentialInvalid }
        let window = Double(settings.challengeExpiry)
        let instant = clock.now()
        let found = try await store.run { work -> (UserRecord, Timestamp?, Bool)? in
            guard let user = try await work.users.find(id: credential.userId) else { return nil }
            let validSince = try await work.tokenValidity.validSince(userId: user.id)
            let redeemed = try await work.attemptBudgets.secondsLeft(key: credential.usedKey, window: window, now: instant) != nil
            return (user, validSince, redeemed)
        }
        guard let (user, validSince, redeemed) = found, !redeemed,
            codec.verify(text, credential, passwordHash: user.passwordHash),
            credential.issuedAt.microsecondsSinceEpoch >= (validSince?.microsecondsSinceEpoch ?? .min)
        else { throw .mfaPendingCredentialInvalid }
        return (user, credential)
    }

    /// The account's verified factor `id`; `factorNotFound` for anything else (another
    /// account's, an unverified one, a malformed id).
    func enrolledFactor(_ id: String, of user: UserRecord) throws(AuthError) -> FactorRecord {
        guard let uuid = UUID(parsing: id), let factor = user.factors.first(where: { $0.id == uuid && $0.isVerified }) else {
            throw .factorNotFound
        }
        return factor
    }

    /// Completes a pending sign-in with a code of one of the account's factors: a new session,
    /// aal2 from the start (no aal1 session ever exists for it). Wrong codes spend the factor's
    /// guess budget, as `POST /factors/{id}/verify` does; a code works once; the credential
    /// works once. Then, as after GoTrue's verify, the account's other aal1 sessions and its
    /// unverified factors are deleted.
    func finishSignIn(pending text: String, factorId: String, code: String, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        let (user, credential) = try await pendingAccount(text)
        let now = clock.now()
        if user.isBanned(at: now) { throw AuthError(.userBanned, kind: .invalidRequest) }
        let factor = try enrolledFactor(factorId, of: user)
        guard settings.totpVerifyEnabled else {
            throw AuthError(.mfaTOTPVerifyDisabled, kind: .refused)
        }
        try await claimGuess(on: factor, now: now)
        guard let secret = Base32.decode(factor.secret), let step = TOTP.matchingStep(code: code, secret: secret, at: now.secondsSinceEpoch)
        else {
            let refused = AuditEvent(
                .loginFailed, user, traits: ["reason": "mfa_verification_failed", "factor_id": factor.id.lowercasedString])
            await store.audit(refused, at: now)
            throw .mfaCodeInvalid
        }
        let amr = [AuthenticationMethod(method: "totp", timestamp: now.secondsSinceEpoch), .password(at: credential.issuedAt)]
        let (issuer, window, usedKey) = (issuer, Double(settings.challengeExpiry), credential.usedKey)
        let budgetKey = FactorGuessBudget(factorId: factor.id, limit: 0, window: 0).key
        let session = try await store.run(.transaction) { work -> SessionRecord in
            // A code works once: its time step must be later than the last one used.
            guard try await work.mfaFactors.useStep(id: factor.id, step: step) else { throw AuthError.mfaCodeInvalid }
            guard try await work.attemptBudgets.claim(key: usedKey, limit: 1, window: window, now: now) else {
                throw AuthError.mfaPendingCredentialInvalid
            }
            try await work.users.recordSignIn(userId: user.id, at: now)
            var session = try await issuer.start(for: user, methods: amr, client: client, now: now, in: work)
            guard let counter = try await work.mfaChallenges.raiseSession(id: session.id, factorId: factor.id, amr: amr, at: now) else {
                throw AuthError(.sessionNotFound, kind: .forbidden, "Session does not exist")
            }
            try await work.mfaChallenges.deleteOtherAAL1Sessions(userId: user.id, except: session.id)
            try await work.mfaFactors.deleteUnverified(userId: user.id, except: factor.id)
            try await work.attemptBudgets.reset(key: budgetKey)
            try await work.audit(.factor(.login, factor, extra: ["method": "totp", "aal": "aal2", "via": "pending_sign_in"]), at: now)
            session.aal = "aal2"
            session.refreshCounter = counter
            return session
        }
        var signedIn = user
        signedIn.lastSignInAt = now
        signedIn.identity?.lastSignInAt = now
        signedIn.factors = user.factors.filter(\.isVerified)
        return try await issuer.issue(user: signedIn, session: session, now: now)
    }
}
