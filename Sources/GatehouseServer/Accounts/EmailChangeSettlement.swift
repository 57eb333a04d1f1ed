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

/// What confirming an email change does to the account, inside the confirming transaction.
enum EmailChangeSettlement {
    /// Where one confirmation leaves a pending change.
    enum Result: Sendable {
        /// Secure email change: this was the first of the two addresses; the other must confirm too.
        case awaitingOtherAddress
        /// The address changed (the account as it is now).
        case changed(UserRecord)
    }

    /// Records that the address `token` (just consumed) went to has confirmed, and completes the
    /// change once every address has. A link of an address the change does not wait for (one
    /// that has already confirmed, with a redelivered email's link) changes nothing: it is still
    /// the other address's turn. Nil when the account has no pending change any more (a newer
    /// request or a password change replaced it), which the caller answers like an unusable link.
    static func confirm(
        _ token: OneTimeTokenRecord, now: Timestamp, random: RandomSource, in database: UnitOfWork
    ) async throws -> Result? {
        guard var user = try await database.users.find(id: token.userId, lockedForUpdate: true), !user.isBanned(at: now),
            let newEmail = user.emailChange, let side = EmailChangeSide(purpose: token.purpose)
        else { return nil }
        guard user.emailChangeAwaiting.contains(EmailChangeSides(side)) else {
            return user.emailChangeAwaiting.isEmpty ? nil : .awaitingOtherAddress
        }
        user.emailChangeAwaiting.remove(EmailChangeSides(side))
        if !user.emailChangeAwaiting.isEmpty {
            user.updatedAt = now
            try await database.users.update(user)
            return .awaitingOtherAddress
        }
        if let owner = try await database.users.find(email: EmailAddress(validating: newEmail)), owner.id != user.id {
            throw AuthError.emailTaken
        }
        try await complete(&user, to: newEmail, now: now, random: random, in: database)
        return .changed(user)
    }

    /// Makes `newEmail` the account's confirmed address: the email identity follows (created for
    /// a converted anonymous account, which stops being anonymous), the pending change and every
    /// unused link of the account are dropped. `email_change_sent_at` stays, as GoTrue keeps it.
    static func complete(_ user: inout UserRecord, to newEmail: String, now: Timestamp, random: RandomSource, in database: UnitOfWork)
        async throws
    {
        try await database.audit(AuditEvent(.emailChanged, user, traits: ["new_email": newEmail]), at: now)
        user.email = newEmail
        user.emailChange = nil
        user.emailChangeAwaiting = []
        user.confirmEmail(at: now)
        user.updatedAt = now
        if var identity = user.identity {
            identity.identityData["email"] = .string(newEmail)
            identity.identityData["email_verified"] = .bool(true)
            identity.updatedAt = now
            user.identity = identity
            user.appMetadata["provider"] = user.appMetadata["provider"] ?? .string("email")
        } else {
            let identity = user.attachEmailIdentity(now: now, random: random)
            try await database.users.insertIdentity(identity)
        }
        try await database.users.update(user)
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
        try await database.pendingSignups.deleteAll(userId: user.id)
    }
}
