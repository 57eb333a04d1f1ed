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

/// Sessions with their users and factors, as `SessionWithUserStatement` reads one, and each
/// session's refresh counter compare-and-set in the same statement: the refreshes that arrive
/// together (`SessionRefreshAdvances`) share one round trip. One statement for each number of
/// refreshes, one to four (`SessionsWithUserAdvancing.One` … `.Four`).
///
/// Each refresh has its own update, by the session's id and the counter its token presents, and
/// its own parameters: `$1…$n` the session ids, `$n+1…$2n` the counters, `$2n+1…$3n` the times
/// (microseconds). Each session appears once: two updates of one row in a statement would see
/// the same snapshot. Spelling each update out is what keeps the plan PostgreSQL keeps: every
/// update is a primary-key lookup whatever the table's size, and the statement's generic plan
/// estimates what its executions do. A list in one array parameter (`id = ANY($1)`) was estimated
/// at ten ids whatever it held, so PostgreSQL planned the statement again at every execution, and
/// read a small table whole, costing more than the round trips it saved (Benchmarks/PROFILE.md,
/// "A refresh's round trip, shared").
///
/// The updates run in common table expressions, so the rows are the sessions as they were before
/// them (PostgreSQL's statement snapshot), with `advanced` true where the counter moved. Each
/// session's `updated_at` comes along so that a refresh refused after the move can put it back
/// (`RestoreRefreshCounterStatement`).
protocol SessionsWithUserAdvancingStatement: PostgresKeptStatement {
    /// The refreshes the statement carries.
    static var width: Int { get }
    var advances: [SessionRefreshAdvances.Advance] { get }
}

extension SessionsWithUserAdvancingStatement {
    static func text(width: Int) -> String {
        let updates = (1...width).map { index in
            """
            advanced\(index) AS (
                UPDATE sessions SET refresh_counter = refresh_counter + 1, refreshed_at = $\(2 * width + index),
                    updated_at = $\(2 * width + index)
                WHERE id = $\(index) AND refresh_counter = $\(width + index)
                RETURNING id
            )
            """
        }
        let advanced = (1...width).map { "SELECT id FROM advanced\($0)" }.joined(separator: " UNION ALL ")
        let ids = (1...width).map { "$\($0)" }.joined(separator: ", ")
        return """
            WITH \(updates.joined(separator: ",\n")),
            advanced AS (\(advanced))
            SELECT EXISTS (SELECT FROM advanced a WHERE a.id = s.id) AS advanced, s.updated_at AS s_updated_at,
                \(SessionWithUserStatement.columns)
            \(SessionWithUserStatement.joins)
            WHERE s.id IN (\(ids))
            """
    }

    func makeBindings() throws -> PostgresBindings {
        precondition(advances.count == Self.width)
        var bindings = PostgresBindings(capacity: 3 * Self.width)
        for advance in advances { bindings.append(advance.sessionId.lowercasedString) }
        for advance in advances { bindings.append(advance.expected) }
        for advance in advances { bindings.append(advance.now.microsecondsSinceEpoch) }
        return bindings
    }
}

/// `SessionsWithUserAdvancingStatement` for one refresh to four: a type for each, since
/// PostgresNIO names a kept statement, and reads its text, by its type.
enum SessionsWithUserAdvancing {
    /// The most refreshes one statement carries.
    static let widest = 4

    struct One: SessionsWithUserAdvancingStatement {
        static let width = 1
        static let sql = text(width: width)
        let advances: [SessionRefreshAdvances.Advance]
    }

    struct Two: SessionsWithUserAdvancingStatement {
        static let width = 2
        static let sql = text(width: width)
        let advances: [SessionRefreshAdvances.Advance]
    }

    struct Three: SessionsWithUserAdvancingStatement {
        static let width = 3
        static let sql = text(width: width)
        let advances: [SessionRefreshAdvances.Advance]
    }

    struct Four: SessionsWithUserAdvancingStatement {
        static let width = 4
        static let sql = text(width: width)
        let advances: [SessionRefreshAdvances.Advance]
    }
}

/// Undoes `SessionsWithUserAdvancingStatement`'s move of the counter, when it was this
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
