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

import GatehouseCore
import SQLKit

/// The console overview's reads: counts only, each one statement, the same SQL on
/// SQLite and PostgreSQL.
struct OverviewRepository: Sendable {
    let database: any SQLDatabase

    struct HourlyCount: Sendable, Equatable {
        var action: String
        /// Hours since the Unix epoch.
        var hour: Int64
        var count: Int
    }

    /// Entries per (action, hour) for `actions` in the given hours; hours with none are absent.
    /// `created_at` is in microseconds; integer division by an hour's worth groups by UTC hour on
    /// both engines, and the (action, created_at) index answers it without reading the table.
    func hourlyCounts(actions: [String], hours: ClosedRange<Int64>) async throws -> [HourlyCount] {
        guard !actions.isEmpty else { return [] }
        let list = SQLList(actions.map { SQLBind($0) })
        // A literal, not a bind: PostgreSQL must see the same expression in SELECT and GROUP BY.
        let hour = "created_at / 3600000000"
        let rows = try await database.raw(
            """
            SELECT action, \(unsafeRaw: hour) AS hour, COUNT(*) AS total FROM audit_log_entries
            WHERE action IN (\(list)) AND created_at >= \(bind: hours.lowerBound * Self.hourMicros)
                AND created_at < \(bind: (hours.upperBound + 1) * Self.hourMicros)
            GROUP BY action, \(unsafeRaw: hour)
            """
        ).all()
        return try rows.map { row in
            HourlyCount(
                action: try row.decode(column: "action", as: String.self), hour: try row.decode(column: "hour", as: Int64.self),
                count: try row.decode(column: "total", as: Int.self))
        }
    }

    /// Accounts not deleted; of those, confirmed ones and ones banned at `now`.
    func accountTotals(now: Timestamp) async throws -> (accounts: Int, confirmed: Int, banned: Int) {
        let row = try await database.raw(
            """
            SELECT COUNT(*) AS accounts,
                COALESCE(SUM(CASE WHEN email_confirmed_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS confirmed,
                COALESCE(SUM(CASE WHEN banned_until > \(bind: now.microsecondsSinceEpoch) THEN 1 ELSE 0 END), 0) AS banned
            FROM users WHERE deleted_at IS NULL
            """
        ).first()
        guard let row else { return (0, 0, 0) }
        return (
            try row.decode(column: "accounts", as: Int.self), try row.decode(column: "confirmed", as: Int.self),
            try row.decode(column: "banned", as: Int.self)
        )
    }

    /// Sessions begun after `createdAfter` and refreshed after `refreshedAfter` (nil: no limit).
    func sessionCount(createdAfter: Timestamp?, refreshedAfter: Timestamp?) async throws -> Int {
        var query: SQLQueryString = "SELECT COUNT(*) AS total FROM sessions WHERE 1 = 1"
        if let createdAfter { query += " AND created_at > \(bind: createdAfter.microsecondsSinceEpoch)" }
        if let refreshedAfter { query += " AND refreshed_at > \(bind: refreshedAfter.microsecondsSinceEpoch)" }
        return try await database.raw(query).first()?.decode(column: "total", as: Int.self) ?? 0
    }

    /// Outbox jobs waiting for their first or next attempt, and jobs given up on.
    func outboxTotals() async throws -> (pending: Int, dead: Int) {
        var totals = (pending: 0, dead: 0)
        let rows = try await database.raw(
            "SELECT state, COUNT(*) AS total FROM outbox WHERE state IN ('pending', 'dead') GROUP BY state"
        ).all()
        for row in rows {
            let total = try row.decode(column: "total", as: Int.self)
            switch try row.decode(column: "state", as: String.self) {
            case "pending": totals.pending = total
            default: totals.dead = total
            }
        }
        return totals
    }

    static let hourMicros: Int64 = 3_600_000_000
}

extension UnitOfWork {
    var overview: OverviewRepository { OverviewRepository(database: database) }
}
