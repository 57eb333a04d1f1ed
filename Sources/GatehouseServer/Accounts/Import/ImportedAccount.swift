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

/// One account brought from another system (a Firebase project, a Supabase project, a Django
/// site), as an import writes it: the id the app's data is keyed by, the address and whether it
/// was confirmed, the password hash in a form `ImportedPasswordHash` verifies, metadata, a ban
/// and the original timestamps. Readers of each source's export build these; `AccountService`'s
/// `importAccounts` writes them.
struct ImportedAccount: Sendable, Equatable {
    /// The user id: the source's UUID kept as it is, or one derived from its id
    /// (`ImportedAccountID`), so a re-run names the same account.
    var id: UUID
    /// A Firebase uid that is not the lower-case form of `id`: what Firebase clients and
    /// firebase-admin keep seeing as `localId`, `user_id` and `sub`.
    var firebaseUid: String?
    var email: String
    var emailConfirmedAt: Timestamp?
    var passwordHash: ImportedPasswordHash?
    var userMetadata: [String: JSONValue] = [:]
    var appMetadata: [String: JSONValue] = [:]
    var bannedUntil: Timestamp?
    var createdAt: Timestamp?
    var lastSignInAt: Timestamp?
    var role: String?

    init(
        id: UUID, firebaseUid: String? = nil, email: String, emailConfirmedAt: Timestamp? = nil,
        passwordHash: ImportedPasswordHash? = nil, userMetadata: [String: JSONValue] = [:],
        appMetadata: [String: JSONValue] = [:], bannedUntil: Timestamp? = nil, createdAt: Timestamp? = nil,
        lastSignInAt: Timestamp? = nil, role: String? = nil
    ) {
        self.id = id
        self.firebaseUid = firebaseUid
        self.email = email
        self.emailConfirmedAt = emailConfirmedAt
        self.passwordHash = passwordHash
        self.userMetadata = userMetadata
        self.appMetadata = appMetadata
        self.bannedUntil = bannedUntil
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
        self.role = role
    }
}

/// What became of one account of an import, in the order given.
enum ImportOutcome: Sendable, Equatable {
    /// Written (or, in a dry run, would be).
    case imported(id: UUID)
    /// Already here: a re-run skips it.
    case skipped(id: UUID, because: ImportSkip)
    /// Not written: the reason names the field, never its value.
    case refused(reason: String)
}

/// Why an account of an import was already here.
enum ImportSkip: String, Sendable, Equatable {
    case idExists = "an account with this id is already here"
    case addressExists = "an account already holds this address"
}
