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

/// Reads and writes `one_time_tokens`. Consuming is one conditional UPDATE … RETURNING, so of any
/// number of concurrent redemptions of one token exactly one gets a row back.
struct OneTimeTokenRepository: Sendable {
    let database: any SQLDatabase

    /// Code tries a token allows (right or wrong); after them its code is refused, its link not.
    static let maximumAttempts = 5
    /// How many of a user's newest pending tokens a code is compared with (each emailed code
    /// keeps working while newer emails of other flows arrive; the account budget bounds guesses).
    static let codeCandidates = 5

    private static let columns =
        "id, user_id, purpose, code_hash, attempts, code_challenge, code_challenge_method, redirect_to, expires_at, consumed_at"

    func insert(_ record: OneTimeTokenRecord, linkHash: String, now: Timestamp) async throws {
        try await insert([(record, linkHash)], now: now)
    }

    /// Stores several tokens in one statement (the outbox worker mints a batch's together).
    func insert(_ tokens: [(record: OneTimeTokenRecord, linkHash: String)], now: Timestamp) async throws {
        guard !tokens.isEmpty else { return }
        var insert = database.insert(into: "one_time_tokens")
            .columns(
                "id", "user_id", "purpose", "token_hash", "code_hash", "attempts", "code_challenge", "code_challenge_method",
                "redirect_to", "expires_at", "consumed_at", "created_at")
        for (record, linkHash) in tokens {
            insert = insert.values(
                SQLBind(record.id.lowercasedString), SQLBind(record.userId.lowercasedString), SQLBind(record.purpose.rawValue),
                SQLBind(linkHash), SQLBind(record.codeHash), SQLLiteral.numeric("0"), SQLBind(record.codeChallenge),
                SQLBind(record.codeChallengeMethod), SQLBind(record.redirectTo), SQLBind(record.expiresAt.microsecondsSinceEpoch),
                SQLLiteral.null, SQLBind(now.microsecondsSinceEpoch))
        }
        try await insert.run()
    }

    /// Removes the user's unused tokens (of one purpose, or all): only the newest link works.
    func deletePending(userId: UUID, purpose: TokenPurpose?) async throws {
        let user = userId.lowercasedString
        if let purpose {
            try await database.raw(
                "DELETE FROM one_time_tokens WHERE user_id = \(bind: user) AND purpose = \(bind: purpose.rawValue) AND consumed_at IS NULL"
            ).run()
        } else {
            try await database.raw("DELETE FROM one_time_tokens WHERE user_id = \(bind: user) AND consumed_at IS NULL").run()
        }
    }

    /// Removes the user's unused plain (non-PKCE) tokens of one purpose; PKCE tokens belong to
    /// the flows of whoever started them and stay until used or expired.
    func deletePendingPlain(userId: UUID, purpose: TokenPurpose) async throws {
        try await deletePendingPlain(userIds: [userId], purpose: purpose)
    }

    /// The same for several users at once, in one statement.
    func deletePendingPlain(userIds: [UUID], purpose: TokenPurpose) async throws {
        guard !userIds.isEmpty else { return }
        try await database.raw(
            """
            DELETE FROM one_time_tokens WHERE user_id IN (\(SQLList(userIds.map { SQLBind($0.lowercasedString) })))
                AND purpose = \(bind: purpose.rawValue) AND consumed_at IS NULL AND code_challenge IS NULL
            """
        ).run()
    }

    /// A usable token by its link hash, without consuming it (the reset page's GET).
    func findUsable(linkHash: String, now: Timestamp) async throws -> OneTimeTokenRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM one_time_tokens
            WHERE token_hash = \(bind: linkHash) AND consumed_at IS NULL AND expires_at > \(bind: now.microsecondsSinceEpoch)
            """
        ).first().map(Self.decode)
    }

    /// A token by its link hash, whatever its state (spent, expired): Firebase's `resetPassword`
    /// tells an expired code (`EXPIRED_OOB_CODE`) from an unknown or spent one.
    func find(linkHash: String) async throws -> OneTimeTokenRecord? {
        try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) FROM one_time_tokens WHERE token_hash = \(bind: linkHash)"
        ).first().map(Self.decode)
    }

    /// Atomically marks a usable token consumed and returns it; nil if it was not usable.
    func consume(linkHash: String, purposes: [TokenPurpose], now: Timestamp) async throws -> OneTimeTokenRecord? {
        let list = SQLList(purposes.map { SQLBind($0.rawValue) })
        return try await database.raw(
            """
            UPDATE one_time_tokens SET consumed_at = \(bind: now.microsecondsSinceEpoch)
            WHERE token_hash = \(bind: linkHash) AND purpose IN (\(list)) AND consumed_at IS NULL
                AND expires_at > \(bind: now.microsecondsSinceEpoch)
            RETURNING \(unsafeRaw: Self.columns)
            """
        ).first().map(Self.decode)
    }

    func consume(id: UUID, now: Timestamp) async throws -> OneTimeTokenRecord? {
        try await database.raw(
            """
            UPDATE one_time_tokens SET consumed_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) AND consumed_at IS NULL AND expires_at > \(bind: now.microsecondsSinceEpoch)
            RETURNING \(unsafeRaw: Self.columns)
            """
        ).first().map(Self.decode)
    }

    /// Claims one code try on each of the user's newest usable tokens of `purposes` whose code
    /// still has tries left, and returns them for the comparison. One conditional UPDATE: the
    /// try is counted before the code is compared, so parallel guesses cannot be compared more
    /// than `maximumAttempts` times per token (on PostgreSQL the row lock re-checks
    /// `attempts < maximum` against the newest row version; on SQLite writes are serialized).
    /// A spent code leaves the token's link usable: the link has its own 256-bit secret.
    func claimCodeTry(userId: UUID, purposes: [TokenPurpose], now: Timestamp) async throws -> [OneTimeTokenRecord] {
        let list = SQLList(purposes.map { SQLBind($0.rawValue) })
        let nowMicros = now.microsecondsSinceEpoch
        return try await database.raw(
            """
            UPDATE one_time_tokens SET attempts = attempts + 1
            WHERE id IN (
                SELECT id FROM one_time_tokens
                WHERE user_id = \(bind: userId.lowercasedString) AND purpose IN (\(list)) AND consumed_at IS NULL
                    AND expires_at > \(bind: nowMicros)
                ORDER BY created_at DESC LIMIT \(bind: Self.codeCandidates)
            ) AND attempts < \(bind: Self.maximumAttempts) AND consumed_at IS NULL
            RETURNING \(unsafeRaw: Self.columns)
            """
        ).all().map(Self.decode)
    }

    private static func decode(_ row: any SQLRow) throws -> OneTimeTokenRecord {
        OneTimeTokenRecord(
            id: try row.decodeUUID(column: "id"),
            userId: try row.decodeUUID(column: "user_id"),
            purpose: TokenPurpose(rawValue: try row.decode(column: "purpose", as: String.self)) ?? .recovery,
            codeHash: try row.decode(column: "code_hash", as: String.self),
            attempts: try row.decode(column: "attempts", as: Int.self),
            codeChallenge: try row.decode(column: "code_challenge", as: String?.self),
            codeChallengeMethod: try row.decode(column: "code_challenge_method", as: String?.self),
            redirectTo: try row.decode(column: "redirect_to", as: String?.self),
            expiresAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "expires_at", as: Int64.self)),
            consumedAt: try row.decode(column: "consumed_at", as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        )
    }
}
