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
    /// On SQLite the transaction is one hop to the thread pool on the writer, with single-row
    /// statements kept prepared (`SQLiteDirectConnection.settleOutboxJobs`), as the request
    /// path's group commit writes. Through SQLKit it was four hops (BEGIN, the update, the audit
    /// rows, COMMIT), and under load each hop waits for a thread of NIO's pool and then for one of
    /// Swift's while the writer is held: at 1,000 `/recover` requests a second on two cores the
    /// worker held the single writer 1.4–1.7 s of every 10 s, 0.75 s with this, and requests
    /// arriving meanwhile wait behind it (Benchmarks/PROFILE.md).
    func settleOutbox(_ results: [OutboxRepository.Finish], audit entries: [AuditEntry], now: Timestamp) async throws {
        if let sqlite = sql as? SQLiteStore {
            try await sqlite.writeDirect { try $0.settleOutboxJobs(results, audit: entries, now: now) }
            return
        }
        try await perform(.transaction) { database in
            try await database.outbox.finish(results, now: now)
            try await database.auditLog.appendEach(entries)
        }
    }
}
