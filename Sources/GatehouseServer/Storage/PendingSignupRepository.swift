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

/// Reads and writes `pending_signups`: what each sign-up of a not yet confirmed address asked
/// for (password hash, metadata), bound to the confirmation token minted for it.
struct PendingSignupRepository: Sendable {
    let database: any SQLDatabase

    private static let columns = "id, user_id, password_hash, user_metadata, created_at"

    func insert(_ record: PendingSignupRecord) async throws {
        try await database.raw(
            """
            INSERT INTO pending_signups (id, user_id, password_hash, user_metadata, token_id, created_at)
            VALUES (\(bind: record.id.lowercasedString), \(bind: record.userId.lowercasedString),
                \(bind: record.passwordHash), \(bind: JSONColumn.encode(record.userMetadata)), NULL,
                \(bind: record.createdAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// Notes that the confirmation token `tokenId` was minted for the sign-up `id` of `userId`.
    func bind(id: UUID, userId: UUID, tokenId: UUID) async throws {
        try await database.raw(
            """
            UPDATE pending_signups SET token_id = \(bind: tokenId.lowercasedString)
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString)
            """
        ).run()
    }

    /// The sign-up a confirmation token was minted for.
    func find(tokenId: UUID) async throws -> PendingSignupRecord? {
        try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM pending_signups WHERE token_id = \(bind: tokenId.lowercasedString)"
        ).first().map(Self.decode)
    }

    /// The user's latest sign-up (for a token minted by `/resend`, which names none).
    func newest(userId: UUID) async throws -> PendingSignupRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM pending_signups WHERE user_id = \(bind: userId.lowercasedString)
            ORDER BY created_at DESC, id DESC LIMIT 1
            """
        ).first().map(Self.decode)
    }

    func deleteAll(userId: UUID) async throws {
        try await database.raw("DELETE FROM pending_signups WHERE user_id = \(bind: userId.lowercasedString)").run()
    }

    private static func decode(_ row: any SQLRow) throws -> PendingSignupRecord {
        PendingSignupRecord(
            id: try row.decodeUUID(column: "id"),
            userId: try row.decodeUUID(column: "user_id"),
            passwordHash: try row.decode(column: "password_hash", as: String?.self),
            userMetadata: JSONColumn.decode(try row.decode(column: "user_metadata", as: String?.self)),
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}
