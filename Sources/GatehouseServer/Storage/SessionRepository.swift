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

    static let insertColumns = "id, user_id, aal, amr, refresh_counter, refreshed_at, user_agent, ip, created_at, updated_at"

    /// The `amr` column's JSON.
    static func storedAMR(_ amr: [AuthenticationMethod]) throws -> String {
        String(decoding: try JSONEncoder().encode(amr), as: UTF8.self)
    }

    /// The `user_agent` column's value: at most 512 characters of the client's.
    static func storedUserAgent(_ userAgent: String?) -> String? {
        userAgent.map { String($0.prefix(512)) }
    }

    func insert(_ session: SessionRecord, userAgent: String?, ip: String?) async throws {
        try await database.raw(
            """
            INSERT INTO sessions (\(unsafeRaw: Self.insertColumns))
            VALUES (\(bind: session.id.lowercasedString), \(bind: session.userId.lowercasedString),
                \(bind: session.aal), \(bind: try Self.storedAMR(session.amr)), \(bind: session.refreshCounter),
                \(bind: session.refreshedAt.microsecondsSinceEpoch), \(bind: Self.storedUserAgent(userAgent)),
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
                "\(unsafeRaw: SessionWithUserStatement.select)\(bind: id.lowercasedString)"
            ).all()
        }
        guard !rows.isEmpty else { return nil }
        return try await decodeWithUser(rows)
    }

    /// The session, user and factors of `SessionWithUserStatement`'s rows (at least one).
    func decodeWithUser(_ rows: [any SQLRow]) async throws -> (SessionRecord, UserRecord) {
        let (session, user) = try Self.decodeWithUser(rows)
        return (session, try await UserRepository(database: database).withDetails(user, factors: user.factors))
    }

    /// The same without the user's linked identities, which take a query of their own
    /// (`UserRepository.withDetails`) when `hasLinkedProviders`.
    static func decodeWithUser(_ rows: [any SQLRow]) throws -> (SessionRecord, UserRecord) {
        (try decode(rows[0], prefix: "s_"), try UserRepository.decodeWithFactors(rows))
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
