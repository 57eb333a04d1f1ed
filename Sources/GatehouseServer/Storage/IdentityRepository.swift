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

/// Reads and writes the provider identities of `identities` (Apple, Google, an OpenID Connect
/// issuer). The `email` identity travels with its user (`UserRepository`); these are loaded
/// only for accounts whose `app_metadata.providers` names another provider.
struct IdentityRepository: Sendable {
    let database: any SQLDatabase

    static let columns = "id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at"

    /// The identity a provider's subject signs in with, whoever holds it.
    func find(provider: String, subject: String) async throws -> IdentityRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM identities
            WHERE provider = \(bind: provider) AND provider_id = \(bind: subject)
            """
        ).first().map(Self.decode)
    }

    /// The account's identities other than its email one, oldest first.
    func linked(userId: UUID) async throws -> [IdentityRecord] {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM identities
            WHERE user_id = \(bind: userId.lowercasedString) AND provider <> 'email'
            ORDER BY created_at, id
            """
        ).all().map(Self.decode)
    }

    /// Adds `identity`. Returns false, adding nothing, when the provider's subject is already
    /// linked (to this or another account) — also by a concurrent request a moment ago.
    func insert(_ identity: IdentityRecord) async throws -> Bool {
        try await database.raw(
            "INSERT INTO identities (\(unsafeRaw: Self.columns)) VALUES " + Self.insertedRow(identity)
                + " ON CONFLICT (provider, provider_id) DO NOTHING RETURNING id"
        ).first() != nil
    }

    /// A new identity's values, parenthesized, in `columns`' order.
    static func insertedRow(_ identity: IdentityRecord) -> SQLQueryString {
        """
        (\(bind: identity.id.lowercasedString), \(bind: identity.userId.lowercasedString),
            \(bind: identity.provider), \(bind: identity.providerId), \(bind: JSONColumn.encode(identity.identityData)),
            \(bind: identity.lastSignInAt?.microsecondsSinceEpoch), \(bind: identity.createdAt.microsecondsSinceEpoch),
            \(bind: identity.updatedAt.microsecondsSinceEpoch))
        """
    }

    /// Writes the identity's data and when it last signed in.
    func update(_ identity: IdentityRecord) async throws {
        try await database.raw(
            """
            UPDATE identities SET identity_data = \(bind: JSONColumn.encode(identity.identityData)),
                last_sign_in_at = \(bind: identity.lastSignInAt?.microsecondsSinceEpoch),
                updated_at = \(bind: identity.updatedAt.microsecondsSinceEpoch)
            WHERE id = \(bind: identity.id.lowercasedString)
            """
        ).run()
    }

    /// Removes one of the account's provider identities; false when it has no such identity.
    func delete(id: UUID, userId: UUID) async throws -> Bool {
        try await database.raw(
            """
            DELETE FROM identities
            WHERE id = \(bind: id.lowercasedString) AND user_id = \(bind: userId.lowercasedString) AND provider <> 'email'
            RETURNING id
            """
        ).first() != nil
    }

    /// Removes every provider identity of the account (what its unproven past may have added).
    func deleteLinked(userId: UUID) async throws {
        try await database.raw(
            "DELETE FROM identities WHERE user_id = \(bind: userId.lowercasedString) AND provider <> 'email'"
        ).run()
    }

    static func decode(_ row: any SQLRow) throws -> IdentityRecord {
        func instant(_ column: String) throws -> Timestamp? {
            try row.decode(column: column, as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        }
        return IdentityRecord(
            id: try row.decodeUUID(column: "id"), userId: try row.decodeUUID(column: "user_id"),
            provider: try row.decode(column: "provider", as: String.self),
            providerId: try row.decode(column: "provider_id", as: String.self),
            identityData: JSONColumn.decode(try row.decode(column: "identity_data", as: String?.self)),
            lastSignInAt: try instant("last_sign_in_at"),
            createdAt: try instant("created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: try instant("updated_at") ?? Timestamp(microsecondsSinceEpoch: 0)
        )
    }
}
