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

    /// A session and its user in one query (refresh and every authenticated request need both),
    /// through the `session_users` view.
    func findWithUser(id: UUID) async throws -> (SessionRecord, UserRecord)? {
        let row = try await database.raw("SELECT * FROM session_users WHERE s_id = \(bind: id.lowercasedString)").first()
        guard let row else { return nil }
        let user = try await UserRepository(database: database).withDetails(try UserRepository.decode(row))
        return (try Self.decode(row, prefix: "s_"), user)
    }

    /// Moves the refresh counter from `expected` to `expected + 1`. Returns false when another
    /// request advanced it first (the compare-and-set is what makes rotation race-free).
    func advanceCounter(id: UUID, from expected: Int64, at now: Timestamp) async throws -> Bool {
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
