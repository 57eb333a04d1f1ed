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

/// Reads and writes `mfa_factors`.
struct MFAFactorRepository: Sendable {
    let database: any SQLDatabase

    private static let columnNames = [
        "id", "user_id", "friendly_name", "factor_type", "status", "secret", "last_challenged_at", "created_at", "updated_at",
    ]
    private static let columns = columnNames.joined(separator: ", ")

    /// The columns of `alias`, a joined `mfa_factors`, each renamed `prefix` + its name, for
    /// `decode(_:prefix:)`: a read that needs the factors beside other rows joins them instead of
    /// asking again.
    static func joinedColumns(alias: String, prefix: String) -> String {
        columnNames.map { "\(alias).\($0) AS \(prefix)\($0)" }.joined(separator: ", ")
    }

    /// The user's factors, oldest first.
    func list(userId: UUID) async throws -> [FactorRecord] {
        try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM mfa_factors WHERE user_id = \(bind: userId.lowercasedString) ORDER BY created_at, id"
        ).all().map(Self.decode)
    }

    func find(id: UUID, userId: UUID) async throws -> FactorRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM mfa_factors
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString)
            """
        ).first().map(Self.decode)
    }

    /// Inserts the factor; false, inserting nothing, when the user has a factor of that name
    /// (also one a concurrent enrolment inserted a moment ago: the unique index decides).
    func insert(_ factor: FactorRecord) async throws -> Bool {
        let row = try await database.raw(
            """
            INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
            VALUES (\(bind: factor.id.lowercasedString), \(bind: factor.userId.lowercasedString),
                \(bind: factor.friendlyName), \(bind: factor.factorType), \(bind: factor.status.rawValue), \(bind: factor.secret),
                \(bind: factor.createdAt.microsecondsSinceEpoch), \(bind: factor.updatedAt.microsecondsSinceEpoch))
            ON CONFLICT (user_id, friendly_name) DO NOTHING
            RETURNING id
            """
        ).first()
        return row != nil
    }

    /// Renames the factor; false when the user has another factor of that name.
    func rename(id: UUID, userId: UUID, to name: String, at now: Timestamp) async throws -> Bool {
        let clash = try await database.raw(
            """
            SELECT id FROM mfa_factors WHERE user_id = \(bind: userId.lowercasedString) AND friendly_name = \(bind: name)
                AND id <> \(bind: id.lowercasedString)
            """
        ).first()
        guard clash == nil else { return false }
        try await database.raw(
            """
            UPDATE mfa_factors SET friendly_name = \(bind: name), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString)
            """
        ).run()
        return true
    }

    func markVerified(id: UUID, at now: Timestamp) async throws {
        try await database.raw(
            """
            UPDATE mfa_factors SET status = 'verified', updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString)
            """
        ).run()
    }

    func recordChallenge(id: UUID, at now: Timestamp) async throws {
        try await database.raw(
            """
            UPDATE mfa_factors SET last_challenged_at = \(bind: now.microsecondsSinceEpoch), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString)
            """
        ).run()
    }

    /// Spends the code of time step `step`: true only for the first use of that step or a later
    /// one, so a code (or an earlier one still inside the skew) cannot be used again. One
    /// conditional update: two requests racing with the same code cannot both win.
    func useStep(id: UUID, step: Int64) async throws -> Bool {
        let row = try await database.raw(
            """
            UPDATE mfa_factors SET last_used_step = \(bind: step)
            WHERE id = \(bind: id.lowercasedString) AND (last_used_step IS NULL OR last_used_step < \(bind: step))
            RETURNING id
            """
        ).first()
        return row != nil
    }

    /// Deletes one factor and its challenges.
    func delete(id: UUID) async throws {
        let id = id.lowercasedString
        try await database.raw("DELETE FROM mfa_challenges WHERE factor_id = \(bind: id)").run()
        try await database.raw("DELETE FROM mfa_factors WHERE id = \(bind: id)").run()
    }

    /// Unverified factors of the user, except `kept`, that nobody challenged since `cutoff`
    /// (GoTrue's lazy clean-up at enrolment) — or all of them when `cutoff` is nil (after a
    /// successful verification).
    func deleteUnverified(userId: UUID, except kept: UUID? = nil, staleBefore cutoff: Timestamp? = nil) async throws {
        let user = userId.lowercasedString
        let keep = kept?.lowercasedString ?? ""
        let cutoffMicros = cutoff?.microsecondsSinceEpoch ?? Int64.max
        let stale = """
            SELECT id FROM mfa_factors WHERE user_id = \(bind: user) AND status = 'unverified' AND id <> \(bind: keep)
                AND COALESCE(last_challenged_at, created_at) < \(bind: cutoffMicros)
            """ as SQLQueryString
        try await database.raw("DELETE FROM mfa_challenges WHERE factor_id IN (\(stale))").run()
        try await database.raw("DELETE FROM mfa_factors WHERE id IN (\(stale))").run()
    }

    /// Every factor of the user and their challenges (user deletion).
    func deleteAll(userId: String) async throws {
        try await database.raw(
            "DELETE FROM mfa_challenges WHERE factor_id IN (SELECT id FROM mfa_factors WHERE user_id = \(bind: userId))"
        ).run()
        try await database.raw("DELETE FROM mfa_factors WHERE user_id = \(bind: userId)").run()
    }

    static func decode(_ row: any SQLRow) throws -> FactorRecord {
        try decode(row, prefix: "")
    }

    static func decode(_ row: any SQLRow, prefix: String) throws -> FactorRecord {
        func instant(_ column: String) throws -> Timestamp? {
            try row.decode(column: prefix + column, as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        }
        return FactorRecord(
            id: try row.decodeUUID(column: prefix + "id"),
            userId: try row.decodeUUID(column: prefix + "user_id"),
            friendlyName: try row.decode(column: prefix + "friendly_name", as: String.self),
            factorType: try row.decode(column: prefix + "factor_type", as: String.self),
            status: FactorRecord.Status(rawValue: try row.decode(column: prefix + "status", as: String.self)) ?? .unverified,
            secret: try row.decode(column: prefix + "secret", as: String.self),
            lastChallengedAt: try instant("last_challenged_at"),
            createdAt: try instant("created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: try instant("updated_at") ?? Timestamp(microsecondsSinceEpoch: 0)
        )
    }
}
