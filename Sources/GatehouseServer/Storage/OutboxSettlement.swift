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

import GatehouseCore

extension Store {
    /// Records the outbox worker's outcomes and their audit entries in one transaction.
    ///
    /// On SQLite the transaction is one call on the writer, with single-row statements kept
    /// prepared (`SQLiteDirectConnection.settleOutboxJobs`), as the request path's group commit
    /// writes. Through SQLKit it would be four awaited statements (BEGIN, the update, the audit
    /// rows, COMMIT) with the single writer held across them, and requests arriving meanwhile
    /// wait behind it (Benchmarks/PROFILE.md). On PostgreSQL one statement.
    func settleOutbox(_ results: [OutboxRepository.Finish], audit entries: [AuditEntry], now: Timestamp) async throws {
        if let sqlite = sql as? SQLiteStore {
            try await sqlite.writeDirect { try $0.settleOutboxJobs(results, audit: entries, now: now) }
            return
        }
        // PostgreSQL: one statement, planned for each batch (`OutboxSettlementStatement`).
        let query = OutboxSettlementStatement(results, audit: entries, now: now).query
        try await perform(.statement) { try await $0.database.postgresConnection().run(query) }
    }

    /// How many claimed batches the outbox worker delivers at once. On SQLite one: every phase of
    /// a batch is a turn on the single writer, and one batch at a time kept up with the requests.
    /// On PostgreSQL a batch's phases are round trips, each on a connection of the pool: one batch
    /// at a time delivered about 1,600 emails a second with the cores partly idle, and the mail
    /// fell seconds behind the requests; four kept up (Benchmarks/PROFILE.md).
    var outboxBatchesInFlight: Int {
        sql is SQLiteStore ? 1 : 4
    }
}
