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

/// Reads and writes `webauthn_credentials` (the users' passkeys).
struct PasskeyRepository: Sendable {
    let database: any SQLDatabase

    private static let columns =
        "id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, "
        + "friendly_name, created_at, updated_at, last_used_at"

    /// The user's passkeys, oldest first.
    func list(userId: UUID) async throws -> [PasskeyRecord] {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM webauthn_credentials
            WHERE user_id = \(bind: userId.lowercasedString) ORDER BY created_at, id
            """
        ).all().map(Self.decode)
    }

    func count(userId: UUID) async throws -> Int {
        let row = try await database.raw(
            "SELECT COUNT(*) AS n FROM webauthn_credentials WHERE user_id = \(bind: userId.lowercasedString)"
        ).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    func find(id: UUID, userId: UUID) async throws -> PasskeyRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM webauthn_credentials
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString)
            """
        ).first().map(Self.decode)
    }

    /// The user's passkey with this credential id (raw bytes), if any.
    func find(credentialID: [UInt8], userId: UUID) async throws -> PasskeyRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM webauthn_credentials
            WHERE credential_id = \(bind: PasskeyRecord.encode(credentialID)) AND user_id = \(bind: userId.lowercasedString)
            """
        ).first().map(Self.decode)
    }

    /// Inserts the passkey; false, inserting nothing, when its credential id is already stored
    /// (for anyone: the unique index decides, also against a concurrent registration).
    func insert(_ passkey: PasskeyRecord) async throws -> Bool {
        let transports = String(decoding: try JSONEncoder().encode(passkey.transports), as: UTF8.self)
        let row = try await database.raw(
            """
            INSERT INTO webauthn_credentials (\(unsafeRaw: Self.columns))
            VALUES (\(bind: passkey.id.lowercasedString), \(bind: passkey.userId.lowercasedString),
                \(bind: PasskeyRecord.encode(passkey.credentialID)), \(bind: PasskeyRecord.encode(passkey.publicKey)),
                \(bind: passkey.attestationType), \(bind: passkey.aaguid.lowercasedString), \(bind: Int64(passkey.signCount)),
                \(bind: transports), \(bind: passkey.backupEligible ? 1 : 0), \(bind: passkey.backedUp ? 1 : 0),
                \(bind: passkey.friendlyName), \(bind: passkey.createdAt.microsecondsSinceEpoch),
                \(bind: passkey.updatedAt.microsecondsSinceEpoch), \(bind: passkey.lastUsedAt?.microsecondsSinceEpoch))
            ON CONFLICT (credential_id) DO NOTHING
            RETURNING id
            """
        ).first()
        return row != nil
    }

    /// Renames the user's passkey; false when there is none with this id.
    func rename(id: UUID, userId: UUID, to name: String, at now: Timestamp) async throws -> Bool {
        let row = try await database.raw(
            """
            UPDATE webauthn_credentials SET friendly_name = \(bind: name), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString)
            RETURNING id
            """
        ).first()
        return row != nil
    }

    /// A sign-in with the passkey: `last_used_at`, and the counter only upwards (one conditional
    /// expression, so a slower concurrent sign-in cannot lower it).
    func recordUse(id: UUID, signCount: UInt32, at now: Timestamp) async throws {
        let count = Int64(signCount)
        try await database.raw(
            """
            UPDATE webauthn_credentials
            SET sign_count = CASE WHEN sign_count < \(bind: count) THEN \(bind: count) ELSE sign_count END,
                last_used_at = \(bind: now.microsecondsSinceEpoch), updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString)
            """
        ).run()
    }

    /// Deletes the user's passkey; false when there is none with this id.
    func delete(id: UUID, userId: UUID) async throws -> Bool {
        let row = try await database.raw(
            """
            DELETE FROM webauthn_credentials
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString)
            RETURNING id
            """
        ).first()
        return row != nil
    }

    /// Every passkey and pending challenge of the user (deletion and soft deletion).
    func deleteAll(userId: String) async throws {
        try await WebAuthnChallengeRepository(database: database).deleteAll(userId: userId)
        try await database.raw("DELETE FROM webauthn_credentials WHERE user_id = \(bind: userId)").run()
    }

    static func decode(_ row: any SQLRow) throws -> PasskeyRecord {
        func instant(_ column: String) throws -> Timestamp? {
            try row.decode(column: column, as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        }
        let transports = try row.decode(column: "transports", as: String.self)
        return PasskeyRecord(
            id: try row.decodeUUID(column: "id"),
            userId: try row.decodeUUID(column: "user_id"),
            credentialID: PasskeyRecord.decode(try row.decode(column: "credential_id", as: String.self)),
            publicKey: PasskeyRecord.decode(try row.decode(column: "public_key", as: String.self)),
            attestationType: try row.decode(column: "attestation_type", as: String.self),
            aaguid: UUID(parsing: try row.decode(column: "aaguid", as: String.self)) ?? PasskeyRecord.zeroAAGUID,
            signCount: UInt32(clamping: try row.decode(column: "sign_count", as: Int64.self)),
            transports: (try? JSONDecoder().decode([String].self, from: Data(transports.utf8))) ?? [],
            backupEligible: try row.decode(column: "backup_eligible", as: Int64.self) != 0,
            backedUp: try row.decode(column: "backed_up", as: Int64.self) != 0,
            friendlyName: try row.decode(column: "friendly_name", as: String.self),
            createdAt: try instant("created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: try instant("updated_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            lastUsedAt: try instant("last_used_at")
        )
    }
}
