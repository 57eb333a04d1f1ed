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

/// Reads and writes `sessions`.
struct SessionRepository: Sendable {
    let database: any SQLDatabase

    func insert(_ session: SessionRecord, userAgent: String?, ip: String?) async throws {
        let amr = String(decoding: try JSONEncoder().encode(session.amr), as: UTF8.self)
        try await database.raw(
            """
            INSERT INTO sessions (id, user_id, aal, amr, refresh_counter, refreshed_at, user_agent, ip, created_at, updated_at)
            VALUES (\(bind: session.id.lowercasedString), \(bind: session.userId.lowercasedString),
                \(bind: session.aal), \(bind: amr), \(bind: session.refreshCounter),
                \(bind: session.refreshedAt.microsecondsSinceEpoch), \(bind: userAgent.map { String($0.prefix(512)) }),
                \(bind: ip), \(bind: session.createdAt.microsecondsSinceEpoch), \(bind: session.createdAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// A session with its user and the user's MFA factors, in one query (refresh and every
    /// authenticated request need all three): one row per factor, or one row with no factor.
    func findWithUser(id: UUID) async throws -> (SessionRecord, UserRecord)? {
        let rows: [any SQLRow]
        if let postgres = database as? PostgresConnectionSQL {
            rows = try await postgres.rows(SessionWithUserStatement(sessionId: id.lowercasedString))
        } else {
            rows = try await database.raw(
                "\(unsafeRaw: SessionWithUserStatement.select)\(bind: id.lowercasedString)\(unsafeRaw: SessionWithUserStatement.order)"
            ).all()
        }
        guard !rows.isEmpty else { return nil }
        return try await decodeWithUser(rows)
    }

    /// The session, user and factors of `SessionWithUserStatement`'s rows (at least one).
    private func decodeWithUser(_ rows: [any SQLRow]) async throws -> (SessionRecord, UserRecord) {
        let first = rows[0]
        let factors = try rows.compactMap { row in
            try row.decodeNil(column: "f_id") ? nil : try MFAFactorRepository.decode(row, prefix: "f_")
        }
        let user = try await UserRepository(database: database).withDetails(try UserRepository.decode(first), factors: factors)
        return (try Self.decode(first, prefix: "s_"), user)
    }

    /// What a refresh reads of its session.
    struct RefreshRead: Sendable {
        /// The session as it was before this read: its counter is the one compared.
        let session: SessionRecord
        let user: UserRecord
        /// Whether the counter moved from the presented one, when the read tried
        /// (`findForRefresh`); nil when it is left to `advanceCounter`.
        let advanced: Bool?
        /// The session's `updated_at` before the move (microseconds), to put back with it.
        let updatedAt: Int64?
    }

    /// A refresh's read of its session, with its user and factors. On PostgreSQL the counter's
    /// compare-and-set from `expected` runs in the same statement, one round trip where there
    /// would be two; a refresh refused afterwards puts it back (`restoreCounter`). On SQLite,
    /// whose reads are local, the compare-and-set is left to `advanceCounter`.
    func findForRefresh(id: UUID, expecting expected: Int64, at now: Timestamp) async throws -> RefreshRead? {
        guard let postgres = database as? PostgresConnectionSQL else {
            return try await findWithUser(id: id).map { RefreshRead(session: $0, user: $1, advanced: nil, updatedAt: nil) }
        }
        let rows = try await postgres.rows(
            SessionWithUserAdvancingStatement(sessionId: id.lowercasedString, expected: expected, now: now.microsecondsSinceEpoch))
        guard let first = rows.first else { return nil }
        let (session, user) = try await decodeWithUser(rows)
        return RefreshRead(
            session: session, user: user, advanced: try first.decode(column: "advanced", as: Int64.self) > 0,
            updatedAt: try first.decode(column: "s_updated_at", as: Int64.self))
    }

    /// Puts back a counter `findForRefresh` moved for a refresh that was then refused: only if
    /// it is still that move (one step on, stamped `advancedAt`).
    func restoreCounter(_ read: RefreshRead, advancedAt: Timestamp) async throws {
        guard read.advanced == true, let updatedAt = read.updatedAt, let postgres = database as? PostgresConnectionSQL else { return }
        _ = try await postgres.rows(
            RestoreRefreshCounterStatement(
                sessionId: read.session.id.lowercasedString, counter: read.session.refreshCounter,
                refreshedAt: read.session.refreshedAt.microsecondsSinceEpoch, updatedAt: updatedAt,
                advancedAt: advancedAt.microsecondsSinceEpoch))
    }

    /// Moves the refresh counter from `expected` to `expected + 1`. Returns false when another
    /// request advanced it first (the compare-and-set is what makes rotation race-free).
    func advanceCounter(id: UUID, from expected: Int64, at now: Timestamp) async throws -> Bool {
        if let postgres = database as? PostgresConnectionSQL {
            let statement = AdvanceRefreshCounterStatement(
                sessionId: id.lowercasedString, expected: expected, now: now.microsecondsSinceEpoch)
            return try await !postgres.rows(statement).isEmpty
        }
        let row = try await database.raw(
            """
            UPDATE sessions SET refresh_counter = refresh_counter + 1, refreshed_at = \(bind: now.microsecondsSinceEpoch),
                updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) AND refresh_counter = \(bind: expected)
            RETURNING refresh_counter
            """
        ).first()
        return row != nil
    }

    func delete(id: UUID) async throws {
        try await database.raw("DELETE FROM sessions WHERE id = \(bind: id.lowercasedString)").run()
    }

    func deleteAll(userId: UUID, except kept: UUID? = nil) async throws {
        let user = userId.lowercasedString
        if let kept {
            try await database.raw(
                "DELETE FROM sessions WHERE user_id = \(bind: user) AND id <> \(bind: kept.lowercasedString)"
            ).run()
        } else {
            try await database.raw("DELETE FROM sessions WHERE user_id = \(bind: user)").run()
        }
    }

    private static func decode(_ row: any SQLRow, prefix: String = "") throws -> SessionRecord {
        let amr = AuthenticationMethod.list(fromJSON: try row.decode(column: prefix + "amr", as: String.self))
        return SessionRecord(
            id: try row.decodeUUID(column: prefix + "id"),
            userId: try row.decodeUUID(column: prefix + "user_id"),
            aal: try row.decode(column: prefix + "aal", as: String.self), amr: amr,
            refreshCounter: try row.decode(column: prefix + "refresh_counter", as: Int64.self),
            refreshedAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: prefix + "refreshed_at", as: Int64.self)),
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: prefix + "created_at", as: Int64.self))
        )
    }
}
