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

/// What an out-of-band code is, as Firebase's `resetPassword` and `accounts:update {oobCode}`
/// answer it.
enum FirebaseOobCodeState: Sendable, Equatable {
    /// Usable: the account and what the code is for.
    case usable(FirebaseOobCode)
    /// Unknown, spent, or of the wrong kind for the operation (`INVALID_OOB_CODE`).
    case invalid
    /// Known but past its lifetime (`EXPIRED_OOB_CODE`).
    case expired
    /// The account is disabled (`USER_DISABLED`).
    case disabled
}

/// A usable code's account and kind.
struct FirebaseOobCode: Sendable, Equatable {
    let userId: UUID
    let email: String
    let requestType: FirebaseOobRequestType
    /// The uid an account imported from Firebase kept (`UserRecord.firebaseUid`).
    var firebaseUid: String? = nil
}

extension RecoveryService {
    /// `resetPassword {oobCode}`: what the code is, without spending it (mail scanners and the
    /// SDKs' `checkActionCode` / `verifyPasswordResetCode` look before they use).
    func inspectFirebaseOobCode(_ code: String) async throws(AuthError) -> FirebaseOobCodeState {
        let linkHash = tokenHasher.linkHash(code)
        let now = clock.now()
        let found = try await store.run { database -> (OneTimeTokenRecord, UserRecord?)? in
            guard let token = try await database.oneTimeTokens.find(linkHash: linkHash) else { return nil }
            return (token, try await database.users.find(id: token.userId))
        }
        guard let (token, user) = found, token.consumedAt == nil, let user else { return .invalid }
        guard token.expiresAt > now else { return .expired }
        guard let requestType = FirebaseOobRequestType(purpose: token.purpose) else { return .invalid }
        if user.isBanned(at: now) { return .disabled }
        return .usable(FirebaseOobCode(userId: user.id, email: user.email, requestType: requestType, firebaseUid: user.firebaseUid))
    }

    /// `resetPassword {oobCode, newPassword}`: the code is looked at first (a verification code
    /// is `INVALID_OOB_CODE` here and stays usable), then the reset page's reset runs: password
    /// rules (a weak password spends nothing), the code spent, the address marked verified, every
    /// session and refresh token ended, the "password changed" notice queued. No tokens: people
    /// sign in with the new password. Returns the code's state before the reset.
    func resetPasswordWithFirebaseOob(_ code: String, newPassword: String) async throws(AuthError) -> FirebaseOobCodeState {
        let state = try await inspectFirebaseOobCode(code)
        guard case .usable(let found) = state else { return state }
        guard found.requestType == .passwordReset else { return .invalid }
        do {
            let user = try await resetPassword(token: code, newPassword: newPassword)
            return .usable(FirebaseOobCode(userId: user.id, email: user.email, requestType: .passwordReset, firebaseUid: user.firebaseUid))
        } catch  where error.code == .otpExpired {
            // Spent or expired between the look and the reset (a parallel request).
            return .invalid
        }
    }

    /// `accounts:update {oobCode}` (the SDKs' `applyActionCode`) with a verification code:
    /// spends it and confirms the address as every confirmation does
    /// (`ConfirmationSettlement`): the account keeps its own password, and everything else set
    /// before the address was proven goes (other sign-ups and their links, every session,
    /// passkeys, factors, a pending email change). The app signs in again with its password.
    func applyFirebaseVerifyEmailCode(_ code: String) async throws(AuthError) -> FirebaseOobCodeState {
        let state = try await inspectFirebaseOobCode(code)
        guard case .usable(let found) = state else { return state }
        guard found.requestType == .verifyEmail else { return .invalid }
        let linkHash = tokenHasher.linkHash(code)
        let now = clock.now()
        let verified = try await store.run(.transaction) { database -> UserRecord? in
            guard let token = try await database.oneTimeTokens.consume(linkHash: linkHash, purposes: [.signup], now: now),
                var user = try await database.users.find(id: token.userId), !user.isBanned(at: now)
            else { return nil }
            let wasConfirmed = user.isConfirmed
            try await ConfirmationSettlement.settle(&user, by: token, now: now, in: database)
            if !wasConfirmed {
                user.updatedAt = now
                try await database.users.update(user)
            }
            try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .signup)
            try await database.audit(AuditEvent.redeemed(token, by: user), at: now)
            return user
        }
        guard let verified else {
            await auditRejected(kind: "oob_code", type: "verify_email")
            return .invalid
        }
        return .usable(
            FirebaseOobCode(
                userId: verified.id, email: verified.email, requestType: .verifyEmail, firebaseUid: verified.firebaseUid))
    }
}
