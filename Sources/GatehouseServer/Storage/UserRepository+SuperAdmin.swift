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

/// `users.is_super_admin`: the console's operators (migration 14). Kept beside `UserRecord`
/// rather than in it: only the console and the CLI ask, and every other query of `users`
/// stays as it was.
extension UserRepository {
    /// Whether the user exists and is an operator.
    func isSuperAdmin(id: UUID) async throws -> Bool {
        let row = try await database.raw(
            """
            SELECT id FROM users WHERE id = \(bind: id.lowercasedString) AND is_super_admin AND deleted_at IS NULL
            """
        ).first()
        return row != nil
    }

    /// Marks the user an operator or not; false when there is no such user.
    func setSuperAdmin(id: UUID, _ value: Bool, at now: Timestamp) async throws -> Bool {
        let rows = try await database.raw(
            """
            UPDATE users SET is_super_admin = \(unsafeRaw: value ? "TRUE" : "FALSE"), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) RETURNING id
            """
        ).all()
        return !rows.isEmpty
    }
}
