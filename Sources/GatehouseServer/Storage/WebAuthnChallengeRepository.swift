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

/// Reads and writes `webauthn_challenges`.
struct WebAuthnChallengeRepository: Sendable {
    let database: any SQLDatabase

    func insert(_ challenge: WebAuthnChallengeRecord) async throws {
        try await database.raw(
            """
            INSERT INTO webauthn_challenges (id, user_id, challenge_type, challenge, created_at, expires_at)
            VALUES (\(bind: challenge.id.lowercasedString), \(bind: challenge.userId?.lowercasedString),
                \(bind: challenge.type.rawValue), \(bind: challenge.challenge), \(bind: challenge.createdAt.microsecondsSinceEpoch),
                \(bind: challenge.expiresAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// Takes the challenge out, if it is `id` of this type and user (NULL for sign-in): one
    /// DELETE … RETURNING, so of two requests (or two instances) presenting it only one gets it.
    /// An expired row is returned too (and gone): the caller tells "expired" from "not found".
    func consume(id: UUID, type: WebAuthnChallengeRecord.CeremonyType, userId: UUID?) async throws -> WebAuthnChallengeRecord? {
        let owner: SQLQueryString =
            if let userId { "user_id = \(bind: userId.lowercasedString)" } else { "user_id IS NULL" }
        let row = try await database.raw(
            """
            DELETE FROM webauthn_challenges
            WHERE id = \(bind: id.lowercasedString) AND challenge_type = \(bind: type.rawValue) AND \(owner)
            RETURNING id, user_id, challenge_type, challenge, created_at, expires_at
            """
        ).first()
        return try row.map { row in
            WebAuthnChallengeRecord(
                id: UUID(parsing: try row.decode(column: "id", as: String.self)) ?? id,
                userId: try row.decode(column: "user_id", as: String?.self).flatMap(UUID.init(parsing:)),
                type: type,
                challenge: try row.decode(column: "challenge", as: String.self),
                createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self)),
                expiresAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "expires_at", as: Int64.self))
            )
        }
    }

    /// Challenges nobody can answer any more (the retention job).
    func deleteExpired(now: Timestamp) async throws {
        try await database.raw("DELETE FROM webauthn_challenges WHERE expires_at < \(bind: now.microsecondsSinceEpoch)").run()
    }

    /// Every challenge of the user (deletion, soft deletion).
    func deleteAll(userId: String) async throws {
        try await database.raw("DELETE FROM webauthn_challenges WHERE user_id = \(bind: userId)").run()
    }
}
