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
    /// Replaces the account's password hash with `newHash` only while it is still `oldHash`:
    /// a sign-in that upgrades an imported hash must not undo a password change that landed
    /// between its verify and this write. Returns whether the hash was replaced.
    func replacePasswordHash(userId: UUID, from oldHash: String, to newHash: String, at now: Timestamp) async throws -> Bool {
        let rows = try await database.raw(
            """
            UPDATE users SET encrypted_password = \(bind: newHash), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: userId.lowercasedString) AND encrypted_password = \(bind: oldHash)
            RETURNING id
            """
        ).all()
        return !rows.isEmpty
    }
}
