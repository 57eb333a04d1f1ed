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
    static let columns = """
        s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr,
            s.refresh_counter AS s_refresh_counter, s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
            \(UserRepository.columns), \(UserRepository.factorColumns)
        """
    static let joins = """
        FROM sessions s JOIN users u ON u.id = s.user_id \(UserRepository.identityJoin)
        \(UserRepository.factorsJoin)
        """
    /// No ORDER BY: the factors are put in order as they are decoded
    /// (`UserRepository.decodeWithFactors`), which spares PostgreSQL a sort node in the plan.
    static let select = "SELECT \(columns)\n\(joins)\nWHERE s.id = "
    static let sql = select + "$1"

    let sessionId: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(sessionId)
        return bindings
    }
}

/// The session with its user and factors, as `SessionWithUserStatement` reads it, and the
/// refresh counter's compare-and-set in the same statement: a refresh's one round trip.
///
/// The update runs in a common table expression, so the rows are the session as it was before
/// it (PostgreSQL's statement snapshot), with `advanced` true when the counter moved. The session's
/// `updated_at` comes along so that a refresh refused after the move can put it back
/// (`RestoreRefreshCounterStatement`).
struct SessionWithUserAdvancingStatement: PostgresKeptStatement {
    static let sql = """
        WITH advanced AS (
            UPDATE sessions SET refresh_counter = refresh_counter + 1, refreshed_at = $2, updated_at = $2
            WHERE id = $1 AND refresh_counter = $3
            RETURNING id
        )
        SELECT EXISTS (SELECT FROM advanced) AS advanced, s.updated_at AS s_updated_at, \(SessionWithUserStatement.columns)
        \(SessionWithUserStatement.joins)
        WHERE s.id = $1
        """

    let sessionId: String
    let expected: Int64
    let now: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(sessionId)
        bindings.append(now)
        bindings.append(expected)
        return bindings
    }
}

/// Undoes `SessionWithUserAdvancingStatement`'s move of the counter, when it was this
/// request's (the counter one step on, stamped with this request's time).
struct RestoreRefreshCounterStatement: PostgresKeptStatement {
    static let sql = """
        UPDATE sessions SET refresh_counter = $2, refreshed_at = $3, updated_at = $4
        WHERE id = $1 AND refresh_counter = $2 + 1 AND refreshed_at = $5
        """

    let sessionId: String
    let counter: Int64
    let refreshedAt: Int64
    let updatedAt: Int64
    let advancedAt: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(sessionId)
        bindings.append(counter)
        bindings.append(refreshedAt)
        bindings.append(updatedAt)
        bindings.append(advancedAt)
        return bindings
    }
}
