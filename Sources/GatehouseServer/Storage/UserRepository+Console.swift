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
import SQLKit

/// The console's account list: addresses containing a fragment, in the operator's order, with
/// each account's factor and passkey counts (correlated counts over the tables' user indexes).
extension UserRepository {
    func consoleList(_ query: ConsoleAccountQuery, offset: Int, limit: Int) async throws -> [ConsoleAccountRow] {
        let pattern = Self.containsPattern(query.search)
        let direction = query.ascending ? "ASC" : "DESC"
        // Accounts that never signed in go last in both directions (SQLite and PostgreSQL
        // disagree on where NULLs sort, so the order says it explicitly).
        let order =
            switch query.sort {
            case .created: "u.created_at \(direction), u.id \(direction)"
            case .lastSignIn: "(CASE WHEN u.last_sign_in_at IS NULL THEN 1 ELSE 0 END), u.last_sign_in_at \(direction), u.id \(direction)"
            }
        let counts = """
            (SELECT COUNT(*) FROM mfa_factors f WHERE f.user_id = u.id) AS console_factor_count,
            (SELECT COUNT(*) FROM webauthn_credentials w WHERE w.user_id = u.id) AS console_passkey_count,
            (CASE WHEN u.is_super_admin THEN 1 ELSE 0 END) AS console_is_operator
            """
        return try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns), \(unsafeRaw: counts) \(unsafeRaw: Self.from)
            WHERE u.email LIKE \(bind: pattern) ESCAPE '\\' ORDER BY \(unsafeRaw: order) LIMIT \(bind: limit) OFFSET \(bind: offset)
            """
        ).all().map { row in
            ConsoleAccountRow(
                user: try Self.decode(row), factorCount: try row.decode(column: "console_factor_count", as: Int.self),
                passkeyCount: try row.decode(column: "console_passkey_count", as: Int.self),
                isOperator: try row.decode(column: "console_is_operator", as: Int.self) != 0)
        }
    }
}
