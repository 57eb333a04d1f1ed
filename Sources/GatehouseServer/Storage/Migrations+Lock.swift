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

import SQLKit

extension Migrations {
    /// Runs one transaction of the migration run and returns what its body returned.
    typealias TransactionRunner = @Sendable (_ body: @escaping @Sendable (any SQLDatabase) async throws -> Bool) async throws -> Bool

    /// The advisory lock's key, the same for every Gatehouse instance on a database (any fixed
    /// 64-bit number no other program on the database uses): "gatehous" in ASCII.
    static let advisoryLockKey: Int64 = 0x6761_7465_686F_7573

    /// Runs `body` so that only one process migrates a database at a time.
    ///
    /// PostgreSQL: several instances often start together (a rolling deploy, a scaled-up service)
    /// on one database. Without a lock two of them would both find a migration missing and race to
    /// apply it (the loser fails on a duplicate table, or `CREATE TABLE IF NOT EXISTS` of the
    /// migrations table itself fails on a duplicate type). So the whole run holds a session-level
    /// `pg_advisory_lock` on one connection, and every transaction runs on that connection; a
    /// second instance waits for the lock, then finds every migration applied. The lock is
    /// released at the end, or by PostgreSQL when the connection closes (a crashed instance).
    /// SQLite has one writer and one instance: its transactions serialize already.
    static func withMigrationLock(on store: any SQLStore, _ body: @escaping @Sendable (TransactionRunner) async throws -> Void)
        async throws
    {
        guard store.engine == .postgres else {
            try await body { transaction in try await store.write(transaction) }
            return
        }
        try await store.read { connection in
            try await connection.raw("SELECT pg_advisory_lock(\(bind: advisoryLockKey))").run()
            do {
                try await body { transaction in try await inTransaction(connection, transaction) }
            } catch {
                _ = try? await connection.raw("SELECT pg_advisory_unlock(\(bind: advisoryLockKey))").run()
                throw error
            }
            try await connection.raw("SELECT pg_advisory_unlock(\(bind: advisoryLockKey))").run()
        }
    }
}
