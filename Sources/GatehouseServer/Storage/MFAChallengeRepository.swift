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

/// Reads and writes `mfa_challenges`, and the MFA columns of `sessions`.
struct MFAChallengeRepository: Sendable {
    let database: any SQLDatabase

    func insert(_ challenge: ChallengeRecord) async throws {
        try await database.raw(
            """
            INSERT INTO mfa_challenges (id, factor_id, ip, created_at)
            VALUES (\(bind: challenge.id.lowercasedString), \(bind: challenge.factorId.lowercasedString),
                \(bind: challenge.ip), \(bind: challenge.createdAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// The challenge, if it belongs to `factorId`.
    func find(id: UUID, factorId: UUID) async throws -> ChallengeRecord? {
        let row = try await database.raw(
            """
            SELECT id, factor_id, ip, created_at, verified_at FROM mfa_challenges
            WHERE id = \(bind: id.lowercasedString) AND factor_id = \(bind: factorId.lowercasedString)
            """
        ).first()
        return try row.map { row in
            ChallengeRecord(
                id: try row.decodeUUID(column: "id"),
                factorId: try row.decodeUUID(column: "factor_id"),
                ip: try row.decode(column: "ip", as: String.self),
                createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self)),
                verifiedAt: try row.decode(column: "verified_at", as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
            )
        }
    }

    /// Marks the challenge used; false when another request used it first.
    func markVerified(id: UUID, at now: Timestamp) async throws -> Bool {
        let row = try await database.raw(
            """
            UPDATE mfa_challenges SET verified_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) AND verified_at IS NULL
            RETURNING id
            """
        ).first()
        return row != nil
    }

    func delete(id: UUID) async throws {
        try await database.raw("DELETE FROM mfa_challenges WHERE id = \(bind: id.lowercasedString)").run()
    }

    /// Raises the session to aal2 with `factorId`, with the new `amr`, and moves its refresh
    /// counter on by two: the refresh token from before the verification is then a reuse, not the
    /// previous token (as GoTrue supersedes it).
    func raiseSession(id: UUID, factorId: UUID, amr: [AuthenticationMethod], at now: Timestamp) async throws -> Int64? {
        let amrJSON = String(decoding: try JSONEncoder().encode(amr), as: UTF8.self)
        let row = try await database.raw(
            """
            UPDATE sessions SET aal = 'aal2', amr = \(bind: amrJSON), factor_id = \(bind: factorId.lowercasedString),
                refresh_counter = refresh_counter + 2, refreshed_at = \(bind: now.microsecondsSinceEpoch),
                updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString)
            RETURNING refresh_counter
            """
        ).first()
        return try row?.decode(column: "refresh_counter", as: Int64.self)
    }

    /// Every other aal1 session of the user (GoTrue signs them out once a factor is verified).
    func deleteOtherAAL1Sessions(userId: UUID, except kept: UUID) async throws {
        try await database.raw(
            """
            DELETE FROM sessions WHERE user_id = \(bind: userId.lowercasedString) AND aal = 'aal1'
                AND id <> \(bind: kept.lowercasedString)
            """
        ).run()
    }

    /// The sessions raised with `factorId` drop to aal1 and lose their `totp` method (the factor
    /// is gone); their access tokens already issued stay as they are until they are refreshed.
    func lowerSessions(factorId: UUID, at now: Timestamp) async throws {
        let rows = try await database.raw(
            "SELECT id, amr FROM sessions WHERE factor_id = \(bind: factorId.lowercasedString)"
        ).all()
        for row in rows {
            let id = try row.decode(column: "id", as: String.self)
            let amr = AuthenticationMethod.list(fromJSON: try row.decode(column: "amr", as: String.self)).filter { $0.method != "totp" }
            let amrJSON = String(decoding: try JSONEncoder().encode(amr), as: UTF8.self)
            try await database.raw(
                """
                UPDATE sessions SET aal = 'aal1', amr = \(bind: amrJSON), factor_id = NULL, updated_at = \(bind: now.microsecondsSinceEpoch)
                WHERE id = \(bind: id)
                """
            ).run()
        }
    }
}

extension MFAChallengeRepository {
    /// The factor a session was raised to aal2 with (`sessions.factor_id`), if any.
    func factorId(ofSession id: UUID) async throws -> UUID? {
        let row = try await database.raw("SELECT factor_id FROM sessions WHERE id = \(bind: id.lowercasedString)").first()
        return try row?.decode(column: "factor_id", as: String?.self).flatMap(UUID.init(parsing:))
    }
}
