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

extension AuthError {
    static let reauthenticationNeeded = AuthError(
        AuthErrorCode.reauthenticationNeeded, kind: .invalidRequest
    )
    static let reauthenticationNotValid = AuthError(
        AuthErrorCode.reauthenticationNotValid, kind: .refused
    )
    static let currentPasswordInvalid = AuthError(
        AuthErrorCode.currentPasswordInvalid, kind: .invalidRequest
    )
}

extension AccountService {
    /// A password change needs more than an access token, which may have been stolen. Any one
    /// of these is enough: the session signed in within
    /// `reauthenticationWindow`; it is a recovery session (from an emailed link) no older than
    /// the link's lifetime; the correct `current_password`; or the nonce `GET /reauthenticate`
    /// emailed. Otherwise 400 `reauthentication_needed`.
    func requirePasswordChangeProof(_ caller: Authenticated, currentPassword: String?, nonce: String?) async throws(AuthError) {
        let now = clock.now()
        let age = Double(now.microsecondsSinceEpoch - caller.session.createdAt.microsecondsSinceEpoch) / 1_000_000
        if age < configuration.reauthenticationWindow { return }
        if caller.session.amr.contains(where: { $0.method == "recovery" }), age < Double(configuration.otpExpiry) { return }
        if let currentPassword, !currentPassword.isEmpty {
            guard try await isCurrentPassword(currentPassword, of: caller.user) else { throw .currentPasswordInvalid }
            return
        }
        if let nonce, !nonce.isEmpty {
            guard try await redeemReauthenticationNonce(nonce, userId: caller.user.id, now: now) else { throw .reauthenticationNotValid }
            return
        }
        throw .reauthenticationNeeded
    }

    /// Spends one attempt and, if `nonce` is right, the nonce itself.
    private func redeemReauthenticationNonce(_ nonce: String, userId: UUID, now: Timestamp) async throws(AuthError) -> Bool {
        let expected = tokenHasher.codeHash(nonce, tokenId: userId)
        return try await store.run(.transaction) { database in
            guard let stored = try await database.reauthenticationNonces.spendAttempt(userId: userId, now: now),
                OneTimeTokenHasher.constantTimeEquals(stored, expected)
            else { return false }
            try await database.reauthenticationNonces.delete(userId: userId)
            return true
        }
    }

    /// `GET /reauthenticate`: queues the nonce email, at most one per address per send window.
    func requestReauthentication(_ caller: Authenticated) async throws(AuthError) {
        guard !caller.user.isAnonymous else {
            throw .validation("Reauthentication requires the user to have an email or a phone number")
        }
        guard caller.user.isConfirmed else {
            throw AuthError(.emailNotConfirmed, kind: .refused, "Please verify your email first.")
        }
        let email = try AuthError.checkEmail(caller.user.email)
        let now = clock.now()
        let userId = caller.user.id
        let mailQueue = mailQueue
        let wait = try await store.run(.transaction) { database -> Int? in
            if let wait = try await mailQueue.claimWindow(email: email, purpose: "reauthentication", now: now, in: database) { return wait }
            try await mailQueue.enqueue(.reauthentication(userId: userId), now: now, in: database)
            return nil
        }
        if let wait { throw MailQueue.windowStillOpen(wait) }
        mailQueue.nudge()
    }

    /// Whether `password` is the user's current one (one bcrypt verify, off the event loop).
    func isCurrentPassword(_ password: String, of user: UserRecord) async throws(AuthError) -> Bool {
        guard !password.isEmpty, password.utf8.count <= PasswordPolicy.maximumBytes else { return false }
        return try await hashing { try await hasher.verify(password, against: user.passwordHash) }
    }
}
