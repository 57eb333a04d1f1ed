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
import SQLKit

extension UserRepository {
    /// Inserts an identity for an existing user (a converted anonymous account's email identity).
    func insertIdentity(_ identity: IdentityRecord) async throws {
        _ = try await IdentityRepository(database: database).insert(identity)
    }

    /// The accounts waiting to change their address to `email` (several may have asked for the
    /// same one; only the first to confirm gets it), newest request first, at most `limit`.
    func find(pendingEmailChange email: EmailAddress, limit: Int) async throws -> [UserRecord] {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) WHERE u.email_change = \(bind: email.normalized)
            ORDER BY u.email_change_sent_at DESC LIMIT \(bind: limit)
            """
        ).all().map(Self.decode)
    }
}
