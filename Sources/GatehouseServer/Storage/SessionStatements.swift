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

import PostgresNIO

/// The session with its user, the user's email identity and MFA factors, by session id. The
/// text before and after the id is shared with SQLite's form of the same read.
struct SessionWithUserStatement: PostgresKeptStatement {
    static let select = """
        SELECT s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr,
            s.refresh_counter AS s_refresh_counter, s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
            \(UserRepository.columns), \(MFAFactorRepository.joinedColumns(alias: "f", prefix: "f_"))
        FROM sessions s JOIN users u ON u.id = s.user_id \(UserRepository.identityJoin)
        LEFT JOIN mfa_factors f ON f.user_id = u.id
        WHERE s.id = 
        """
    static let order = " ORDER BY f.created_at, f.id"
    static let sql = select + "$1" + order

    let sessionId: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(sessionId)
        return bindings
    }
}

/// The refresh counter's compare-and-set (`SessionRepository.advanceCounter`): a row back when
/// it advanced.
struct AdvanceRefreshCounterStatement: PostgresKeptStatement {
    static let sql = """
        UPDATE sessions SET refresh_counter = refresh_counter + 1, refreshed_at = $1, updated_at = $1
        WHERE id = $2 AND refresh_counter = $3
        RETURNING refresh_counter
        """

    let sessionId: String
    let expected: Int64
    let now: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(now)
        bindings.append(sessionId)
        bindings.append(expected)
        return bindings
    }
}
