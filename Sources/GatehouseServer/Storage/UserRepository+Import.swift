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

/// The import's statements (`AccountService.importAccounts`): a batch's lookups and writes as a
/// few multi-row statements (at most `StatementRows.limit` rows each), because an account's own
/// lookups and inserts would be five round trips or more, each planned again on PostgreSQL
/// (Benchmarks/PROFILE.md, "The import's batches").
extension UserRepository {
    /// Which of `ids` are accounts already (soft-deleted ones too: their rows keep the id).
    func existingIds(_ ids: [UUID]) async throws -> Set<UUID> {
        var found = Set<UUID>()
        for chunk in StatementRows.chunks(ids) {
            let list = SQLList(chunk.map { SQLBind($0.lowercasedString) })
            for row in try await database.raw("SELECT id FROM users WHERE id IN (\(list))").all() {
                found.insert(try row.decodeUUID(column: "id"))
            }
        }
        return found
    }

    /// Which of `emails` (normalized) an account holds already.
    func existingEmails(_ emails: [String]) async throws -> Set<String> {
        var found = Set<String>()
        for chunk in StatementRows.chunks(emails) {
            let list = SQLList(chunk.map { SQLBind($0) })
            for row in try await database.raw("SELECT email FROM users WHERE email IN (\(list))").all() {
                found.insert(try row.decode(column: "email", as: String.self))
            }
        }
        return found
    }

    /// Inserts `users` with their email identities, and returns the ids written. An account
    /// whose address was taken since it was looked up (by a concurrent sign-up) is not written,
    /// as `insert` does for one.
    func insertEach(_ users: [UserRecord]) async throws -> Set<UUID> {
        var written = Set<UUID>()
        for chunk in StatementRows.chunks(users) {
            let rows = try await database.raw(
                "INSERT INTO users (\(unsafeRaw: Self.insertedColumns)) VALUES " + chunk.map(Self.insertedRow).joined(separator: ", ")
                    + " ON CONFLICT (email) DO NOTHING RETURNING id"
            ).all()
            for row in rows { written.insert(try row.decodeUUID(column: "id")) }
        }
        let identities = users.filter { written.contains($0.id) }.compactMap(\.identity)
        for chunk in StatementRows.chunks(identities) {
            try await database.raw(
                "INSERT INTO identities (\(unsafeRaw: IdentityRepository.columns)) VALUES "
                    + chunk.map(IdentityRepository.insertedRow).joined(separator: ", ")
                    + " ON CONFLICT (provider, provider_id) DO NOTHING"
            ).run()
        }
        return written
    }
}
