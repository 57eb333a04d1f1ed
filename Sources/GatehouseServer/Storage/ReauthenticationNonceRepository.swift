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

/// Reads and writes `reauthentication_nonces`: at most one live nonce per user, stored as a
/// keyed hash. Each try spends one attempt in a single conditional UPDATE, so parallel guesses
/// cannot exceed the budget on either engine.
struct ReauthenticationNonceRepository: Sendable {
    let database: any SQLDatabase

    /// Tries a nonce survives (the right one included).
    static let maximumAttempts = 5

    /// Replaces the user's nonce: a new one makes the earlier one useless.
    func store(userId: UUID, nonceHash: String, expiresAt: Timestamp, now: Timestamp) async throws {
        try await database.raw(
            """
            INSERT INTO reauthentication_nonces (user_id, nonce_hash, attempts, expires_at, created_at)
            VALUES (\(bind: userId.lowercasedString), \(bind: nonceHash), 0, \(bind: expiresAt.microsecondsSinceEpoch),
                \(bind: now.microsecondsSinceEpoch))
            ON CONFLICT (user_id) DO UPDATE SET nonce_hash = excluded.nonce_hash, attempts = 0,
                expires_at = excluded.expires_at, created_at = excluded.created_at
            """
        ).run()
    }

    /// Spends one attempt on the user's live nonce and returns its hash to compare against, or
    /// nil when there is none or its budget is spent.
    func spendAttempt(userId: UUID, now: Timestamp) async throws -> String? {
        try await database.raw(
            """
            UPDATE reauthentication_nonces SET attempts = attempts + 1
            WHERE user_id = \(bind: userId.lowercasedString) AND attempts < \(bind: Self.maximumAttempts)
                AND expires_at > \(bind: now.microsecondsSinceEpoch)
            RETURNING nonce_hash
            """
        ).first()?.decode(column: "nonce_hash", as: String.self)
    }

    func delete(userId: UUID) async throws {
        try await database.raw("DELETE FROM reauthentication_nonces WHERE user_id = \(bind: userId.lowercasedString)").run()
    }
}
