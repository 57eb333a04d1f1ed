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

extension UserRecord {
    /// The row an imported account becomes: an email account with its email identity, as
    /// `new` makes one, under the account's own id, with the source's timestamps, confirmation,
    /// ban, role and (stored as Gatehouse stores imported hashes) password hash.
    static func imported(_ account: ImportedAccount, email: EmailAddress, now: Timestamp, random: RandomSource) -> UserRecord {
        let createdAt = account.createdAt ?? now
        var user = UserRecord.new(
            email: email, passwordHash: account.passwordHash?.encoded ?? "", userMetadata: account.userMetadata,
            confirmedAt: account.emailConfirmedAt, appMetadata: account.appMetadata, now: createdAt, random: random
        )
        user.assignId(account.id)
        user.passwordHash = account.passwordHash?.encoded
        user.firebaseUid = account.firebaseUid
        user.lastSignInAt = account.lastSignInAt
        user.bannedUntil = account.bannedUntil
        user.updatedAt = now
        if let role = account.role, !role.isEmpty { user.role = role }
        user.identity?.updatedAt = now
        return user
    }

    /// Gives a new account the id it is to keep (an import's, or `POST /admin/users {id}`):
    /// the user's and its email identity's, whose subject is the user id.
    mutating func assignId(_ newId: UUID) {
        id = newId
        guard var identity else { return }
        identity.userId = newId
        identity.providerId = newId.lowercasedString
        identity.identityData["sub"] = .string(newId.lowercasedString)
        self.identity = identity
    }
}
