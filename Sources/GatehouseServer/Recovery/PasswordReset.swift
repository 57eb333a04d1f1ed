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

extension RecoveryService {
    /// Whether a reset link token is usable, without consuming it.
    func isUsableResetToken(_ token: String) async throws(AuthError) -> Bool {
        let linkHash = tokenHasher.linkHash(token)
        let now = clock.now()
        return try await store.run { try await $0.oneTimeTokens.findUsable(linkHash: linkHash, now: now) } != nil
    }

    /// The address of the account a usable reset link resets, or nil (the page then says the
    /// link is invalid), without consuming it (the page's GET: mail scanners open links, and
    /// opening must not spend them). Only the link's holder can ask, and the email went to that
    /// address.
    func resetLinkAccount(_ token: String) async throws(AuthError) -> String? {
        let linkHash = tokenHasher.linkHash(token)
        let now = clock.now()
        return try await store.run { database -> String? in
            guard let usable = try await database.oneTimeTokens.findUsable(linkHash: linkHash, now: now), usable.purpose == .recovery,
                let user = try await database.users.find(id: usable.userId), !user.isBanned(at: now)
            else { return nil }
            return user.email
        }
    }

    /// The reset page's POST: checks the token, then spends it and sets the password in one
    /// transaction, ends every session of the user, clears their pending tokens and queues the
    /// "password changed" notice. Signs nobody in: people sign in with the new password, which
    /// proves they have it. Returns the account. With `refusingCurrentPassword` (the reset page),
    /// the account's current password is refused as the account page refuses it (`same_password`).
    func resetPassword(token: String, newPassword: String, refusingCurrentPassword: Bool = false) async throws(AuthError)
        -> UserRecord
    {
        let password = try await passwordScreen.check(newPassword)
        let linkHash = tokenHasher.linkHash(token)
        // The token first: a made-up or spent token must not buy a bcrypt hash. (It is spent
        // below, atomically; one that is used up in between only fails there, after the hash.)
        let checked = clock.now()
        let usable = try await store.run { try await $0.oneTimeTokens.findUsable(linkHash: linkHash, now: checked) }
        guard let usable, usable.purpose == .recovery else {
            await auditRejected(kind: "link", type: "recovery")
            throw Self.linkExpired
        }
        if refusingCurrentPassword {
            let user = try await store.run { try await $0.users.find(id: usable.userId) }
            if let user { try await hasher.refuseCurrentPassword(password, of: user) }
        }
        let hash = try await hashing { try await hasher.hash(password) }
        let now = clock.now()
        let mailQueue = mailQueue
        let result = try await store.run(.transaction) { database -> UserRecord? in
            guard let consumed = try await database.oneTimeTokens.consume(linkHash: linkHash, purposes: [.recovery], now: now),
                var user = try await database.users.find(id: consumed.userId), !user.isBanned(at: now)
            else { return nil }
            try await ConfirmationSettlement.settle(&user, by: consumed, now: now, in: database)
            user.passwordHash = hash
            user.lastSignInAt = now
            user.updatedAt = now
            try await database.users.update(user)
            // Every session ends, and every token issued before now is void (Firebase's `validSince`).
            try await TokenRevocation.revokeAll(userId: user.id, at: now, in: database)
            try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
            try await mailQueue.enqueue(.passwordChanged(userId: user.id), now: now, in: database)
            try await database.audit(AuditEvent.redeemed(consumed, by: user), at: now)
            try await database.audit(AuditEvent(.passwordChanged, user, traits: ["via": "reset_link"]), at: now)
            return user
        }
        guard let result else {
            await auditRejected(kind: "link", type: "recovery")
            throw Self.linkExpired
        }
        mailQueue.nudge()
        return result
    }
}
