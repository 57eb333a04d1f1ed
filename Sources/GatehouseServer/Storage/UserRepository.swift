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

/// Reads and writes `users` and `identities`. Every function takes the `SQLDatabase` it runs on,
/// so callers decide what shares a transaction.
struct UserRepository: Sendable {
    let database: any SQLDatabase

    static let columns = """
        u.id, u.email, u.encrypted_password, u.aud, u.role, u.email_confirmed_at, u.confirmation_sent_at,
        u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
        u.created_at, u.updated_at, u.email_change, u.email_change_sent_at, u.email_change_awaiting,
        i.id AS identity_id, i.provider, i.provider_id, i.identity_data,
        i.last_sign_in_at AS identity_last_sign_in_at, i.created_at AS identity_created_at,
        i.updated_at AS identity_updated_at, u.deleted_at, u.invited_at, u.firebase_uid
        """
    /// The email identity beside `u`, for `columns`.
    static let identityJoin = "LEFT JOIN identities i ON i.user_id = u.id AND i.provider = 'email'"
    static let from = "FROM users u \(identityJoin)"

    /// The user by id. `lockedForUpdate`: the row stays locked for the rest of the transaction
    /// (on PostgreSQL; SQLite's single writer already serializes), so that read-modify-write
    /// updates do not lose each other's changes.
    func find(id: UUID, lockedForUpdate: Bool = false) async throws -> UserRecord? {
        let lock = lockedForUpdate && database.engine == .postgres ? " FOR UPDATE OF u" : ""
        let row = try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) WHERE u.id = \(bind: id.lowercasedString)\(unsafeRaw: lock)"
        ).first()
        return try await withDetails(try row.map(Self.decode))
    }

    func find(email: EmailAddress, lockedForUpdate: Bool = false) async throws -> UserRecord? {
        if !lockedForUpdate, let postgres = database as? PostgresConnectionSQL {
            let rows = try await postgres.rows(UserWithFactorsByEmailStatement(email: email.normalized))
            guard !rows.isEmpty else { return nil }
            let user = try Self.decodeWithFactors(rows)
            return try await withDetails(user, factors: user.factors)
        }
        let lock = lockedForUpdate && database.engine == .postgres ? " FOR UPDATE OF u" : ""
        let row = try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) WHERE u.email = \(bind: email.normalized)\(unsafeRaw: lock)"
        ).first()
        return try await withDetails(try row.map(Self.decode))
    }

    /// The user with its MFA factors (one more query, by the factors' user index) and, when its
    /// `app_metadata.providers` names a provider other than email, its linked identities.
    func withDetails(_ user: UserRecord?) async throws -> UserRecord? {
        guard let user else { return nil }
        return try await withDetails(user)
    }

    func withDetails(_ user: UserRecord) async throws -> UserRecord {
        try await withDetails(user, factors: try await MFAFactorRepository(database: database).list(userId: user.id))
    }

    /// The same with factors the caller has already read.
    func withDetails(_ user: UserRecord, factors: [FactorRecord]) async throws -> UserRecord {
        var user = user
        user.factors = factors
        if user.hasLinkedProviders {
            user.linkedIdentities = try await IdentityRepository(database: database).linked(userId: user.id)
        }
        return user
    }

    /// The users holding any of `emails` (normalized addresses), in one query: the outbox worker
    /// looks up a whole batch at once.
    func find(emails: [String]) async throws -> [UserRecord] {
        guard !emails.isEmpty else { return [] }
        let list = SQLList(emails.map { SQLBind($0) })
        return try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) WHERE u.email IN (\(list))"
        ).all().map(Self.decode)
    }

    /// What the outbox worker's minting needs of the accounts of `emails`: id, address and
    /// whether it is confirmed, without the rest of the row (its metadata parsed, its identity).
    func mintTargets(emails: [String]) async throws -> [MintTarget] {
        guard !emails.isEmpty else { return [] }
        return try await database.raw(
            "SELECT id, email, email_confirmed_at FROM users WHERE email IN (\(SQLList(emails.map { SQLBind($0) })))"
        ).all().map { row in
            MintTarget(
                id: try row.decodeUUID(column: "id"), email: try row.decode(column: "email", as: String.self),
                isConfirmed: !(try row.decodeNil(column: "email_confirmed_at")))
        }
    }

    /// Notes when a recovery or confirmation email was last sent (GoTrue's `recovery_sent_at`,
    /// `confirmation_sent_at`), touching nothing else.
    func recordEmailSent(userId: UUID, purpose: TokenPurpose, at now: Timestamp) async throws {
        try await recordEmailSent(userIds: [userId], purpose: purpose, at: now)
    }

    /// The same for several users at once, in one statement.
    func recordEmailSent(userIds: [UUID], purpose: TokenPurpose, at now: Timestamp) async throws {
        guard !userIds.isEmpty else { return }
        try await database.raw(
            """
            UPDATE users SET \(unsafeRaw: Self.sentAtColumn(purpose)) = \(bind: now.microsecondsSinceEpoch)
            WHERE id IN (\(SQLList(userIds.map { SQLBind($0.lowercasedString) })))
            """
        ).run()
    }

    /// The column that notes when an email of `purpose` was last sent.
    static func sentAtColumn(_ purpose: TokenPurpose) -> String {
        switch purpose {
        case .recovery, .magiclink: "recovery_sent_at"
        case .signup, .invite: "confirmation_sent_at"
        case .emailChangeCurrent, .emailChangeNew: "email_change_sent_at"
        }
    }

    func list(offset: Int, limit: Int) async throws -> [UserRecord] {
        try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) ORDER BY u.created_at DESC, u.id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)"
        ).all().map(Self.decode)
    }

    func count() async throws -> Int {
        let row = try await database.raw("SELECT COUNT(*) AS total FROM users").first()
        return try row?.decode(column: "total", as: Int.self) ?? 0
    }

    /// Inserts the user and its identity. Returns false, inserting nothing, when the address is
    /// taken — also when a concurrent transaction took it a moment ago (ON CONFLICT waits for it).
    @discardableResult
    func insert(_ user: UserRecord) async throws -> Bool {
        let inserted = try await database.raw(
            "INSERT INTO users (\(unsafeRaw: Self.insertedColumns)) VALUES " + Self.insertedRow(user)
                + " ON CONFLICT (email) DO NOTHING RETURNING id"
        ).first()
        guard inserted != nil else { return false }
        if let identity = user.identity { _ = try await IdentityRepository(database: database).insert(identity) }
        return true
    }

    /// The columns a new account's row is written with, in `insertedRow`'s order.
    static let insertedColumns = """
        id, email, encrypted_password, aud, role, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
        last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, firebase_uid
        """

    /// A new account's values, parenthesized, for `INSERT INTO users (insertedColumns) VALUES`.
    static func insertedRow(_ user: UserRecord) -> SQLQueryString {
        """
        (\(bind: user.id.lowercasedString), \(bind: user.email), \(bind: user.passwordHash),
            \(bind: user.aud), \(bind: user.role), \(bind: user.emailConfirmedAt?.microsecondsSinceEpoch),
            \(bind: user.confirmationSentAt?.microsecondsSinceEpoch), \(bind: user.recoverySentAt?.microsecondsSinceEpoch),
            \(bind: user.lastSignInAt?.microsecondsSinceEpoch), \(bind: JSONColumn.encode(user.appMetadata)),
            \(bind: JSONColumn.encode(user.userMetadata)), \(bind: user.bannedUntil?.microsecondsSinceEpoch),
            \(bind: user.createdAt.microsecondsSinceEpoch), \(bind: user.updatedAt.microsecondsSinceEpoch),
            \(bind: user.firebaseUid))
        """
    }

    /// Writes every mutable column of `user` (and its identity's data).
    func update(_ user: UserRecord) async throws {
        try await database.raw(
            """
            UPDATE users SET email = \(bind: user.email), encrypted_password = \(bind: user.passwordHash),
                role = \(bind: user.role), email_confirmed_at = \(bind: user.emailConfirmedAt?.microsecondsSinceEpoch),
                confirmation_sent_at = \(bind: user.confirmationSentAt?.microsecondsSinceEpoch),
                recovery_sent_at = \(bind: user.recoverySentAt?.microsecondsSinceEpoch),
                last_sign_in_at = \(bind: user.lastSignInAt?.microsecondsSinceEpoch),
                raw_app_meta_data = \(bind: JSONColumn.encode(user.appMetadata)),
                raw_user_meta_data = \(bind: JSONColumn.encode(user.userMetadata)),
                banned_until = \(bind: user.bannedUntil?.microsecondsSinceEpoch),
                updated_at = \(bind: user.updatedAt.microsecondsSinceEpoch),
                email_change = \(bind: user.emailChange), email_change_sent_at = \(bind: user.emailChangeSentAt?.microsecondsSinceEpoch),
                email_change_awaiting = \(bind: user.emailChange == nil ? nil : user.emailChangeAwaiting.rawValue)
            WHERE id = \(bind: user.id.lowercasedString)
            """
        ).run()
        if let identity = user.identity { try await IdentityRepository(database: database).update(identity) }
    }

    func recordSignIn(userId: UUID, at now: Timestamp) async throws {
        let id = userId.lowercasedString
        try await database.raw(
            "UPDATE users SET last_sign_in_at = \(bind: now.microsecondsSinceEpoch), updated_at = \(bind: now.microsecondsSinceEpoch) WHERE id = \(bind: id)"
        ).run()
        try await database.raw(
            "UPDATE identities SET last_sign_in_at = \(bind: now.microsecondsSinceEpoch), updated_at = \(bind: now.microsecondsSinceEpoch) WHERE user_id = \(bind: id)"
        ).run()
    }

    func delete(id: UUID) async throws {
        let id = id.lowercasedString
        // Children first: SQLite enforces foreign keys only when the pragma is on for the connection.
        try await database.raw("DELETE FROM sessions WHERE user_id = \(bind: id)").run()
        try await database.raw("DELETE FROM pending_signups WHERE user_id = \(bind: id)").run()
        try await database.raw("DELETE FROM reauthentication_nonces WHERE user_id = \(bind: id)").run()
        try await MFAFactorRepository(database: database).deleteAll(userId: id)
        try await PasskeyRepository(database: database).deleteAll(userId: id)
        try await database.raw("DELETE FROM identities WHERE user_id = \(bind: id)").run()
        try await database.raw("DELETE FROM users WHERE id = \(bind: id)").run()
    }

    /// A user's factors brought into a read of `u`: one row per factor, its columns prefixed
    /// `f_`, or one row with none (`decodeWithFactors` reads them back).
    static let factorColumns = MFAFactorRepository.joinedColumns(alias: "f", prefix: "f_")
    static let factorsJoin = "LEFT JOIN mfa_factors f ON f.user_id = u.id"

    /// The user of rows that join its factors with the prefix `f_` (at least one row; a row
    /// whose `f_id` is null has no factor). The factors come oldest first, as
    /// `MFAFactorRepository.list` returns them, whatever the rows' order.
    static func decodeWithFactors(_ rows: [any SQLRow]) throws -> UserRecord {
        var user = try decode(rows[0])
        user.factors = try rows.compactMap { row in
            try row.decodeNil(column: "f_id") ? nil : try MFAFactorRepository.decode(row, prefix: "f_")
        }
        if user.factors.count > 1 {
            user.factors.sort { ($0.createdAt, $0.id.lowercasedString) < ($1.createdAt, $1.id.lowercasedString) }
        }
        return user
    }

    static func decode(_ row: any SQLRow) throws -> UserRecord {
        func instant(_ column: String) throws -> Timestamp? {
            try row.decode(column: column, as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        }
        let id = try row.decodeUUID(column: "id")
        var identity: IdentityRecord?
        if let identityId = try row.decode(column: "identity_id", as: String?.self).flatMap(UUID.init(parsing:)) {
            identity = IdentityRecord(
                id: identityId, userId: id, provider: try row.decode(column: "provider", as: String.self),
                providerId: try row.decode(column: "provider_id", as: String.self),
                identityData: JSONColumn.decode(try row.decode(column: "identity_data", as: String?.self)),
                lastSignInAt: try instant("identity_last_sign_in_at"),
                createdAt: try instant("identity_created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
                updatedAt: try instant("identity_updated_at") ?? Timestamp(microsecondsSinceEpoch: 0)
            )
        }
        var user = UserRecord(
            id: id, email: try row.decode(column: "email", as: String.self),
            passwordHash: try row.decode(column: "encrypted_password", as: String?.self),
            aud: try row.decode(column: "aud", as: String.self), role: try row.decode(column: "role", as: String.self),
            emailConfirmedAt: try instant("email_confirmed_at"), confirmationSentAt: try instant("confirmation_sent_at"),
            recoverySentAt: try instant("recovery_sent_at"), lastSignInAt: try instant("last_sign_in_at"),
            appMetadata: JSONColumn.decode(try row.decode(column: "raw_app_meta_data", as: String?.self)),
            userMetadata: JSONColumn.decode(try row.decode(column: "raw_user_meta_data", as: String?.self)),
            bannedUntil: try instant("banned_until"),
            createdAt: try instant("created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: try instant("updated_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            identity: identity,
            invitedAt: try instant("invited_at"),
            emailChange: try row.decode(column: "email_change", as: String?.self),
            emailChangeSentAt: try instant("email_change_sent_at"),
            emailChangeAwaiting: EmailChangeSides(rawValue: try row.decode(column: "email_change_awaiting", as: Int?.self) ?? 0)
        )
        // Only where the read selected it (`columns` does).
        if row.contains(column: "deleted_at") { user.deletedAt = try instant("deleted_at") }
        user.firebaseUid = try row.decode(column: "firebase_uid", as: String?.self)
        return user
    }
}
