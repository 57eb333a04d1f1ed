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
import Testing

@testable import GatehouseServer

/// The outbox worker's claim on PostgreSQL reads the due jobs in order from `outbox_due`. Every
/// job leaves versions behind it in that index until VACUUM (as pending, then as sending); an
/// ordered index scan marks those it meets as dead once, where a bitmap of the index visits all
/// of them at every claim. PostgreSQL's planner prefers the bitmap while the outbox's statistics
/// are young: here, taken while it was empty (as `VACUUM ANALYZE` after an import leaves them),
/// before tens of thousands of jobs came and went.
@Suite("Outbox: the claim's plan")
struct OutboxClaimPlanTests {
    @Test(
        "with nothing due, a claim reads next to none of the versions earlier jobs left behind",
        .enabled(if: Backend.postgresURL != nil))
    func claimSkipsDeadVersions() async throws {
        let jobs = 8_000
        let now = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
        try await TestServer.withDatabase(.postgres) { database in
            try await database.withMigratedStore { store, work in
                // Autovacuum would clear the versions, and take new statistics, at a moment of its own.
                try await store.write { database in
                    try await database.raw("ALTER TABLE outbox SET (autovacuum_enabled = false)").run()
                    try await database.raw("ANALYZE outbox").run()
                }
                try await work.perform(.transaction) { database in
                    try await database.outbox.enqueue(.consoleTest(email: "x@example.com"), id: UUID(), now: now)
                }
                try await store.write { database in
                    try await database.raw(
                        """
                        INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, created_at, updated_at)
                        SELECT gen_random_uuid()::text, kind, payload, state, attempts, next_attempt_at, created_at, updated_at
                        FROM outbox CROSS JOIN generate_series(2, \(bind: jobs))
                        """
                    ).run()
                }
                // The worker's life: claim a batch, settle it as sent, until nothing is due.
                var claimed = 0
                for _ in 0..<(jobs / 64 + 5) {
                    let batch = try await work.claimOutbox(limit: 64, lease: 30, now: now)
                    if batch.isEmpty { break }
                    claimed += batch.count
                    let sent = batch.map { OutboxRepository.Finish(id: $0.id, state: .sent, error: nil, nextAttemptAt: now) }
                    try await work.settleOutbox(sent, audit: [], now: now)
                }
                #expect(claimed == jobs)
                // Every claim and settlement updated each job once: wait until all are reported.
                let churned = try await PostgresTableCounters.awaitReport("outbox", from: store) {
                    $0.rowsUpdated >= 2 * jobs
                }
                #expect(churned.rowsUpdated == 2 * jobs)

                // Nothing is due. An ordered scan marks a dead version only once no transaction
                // may still see it, and other tests' connections can hold that back for a moment:
                // a claim may visit the versions again until one has marked them. A bitmap visits
                // every page that holds one at every claim.
                var fewestPages = Int.max
                for _ in 0..<10 where fewestPages >= 10 {
                    // So that the claim's backend reports at once (`PostgresTableCounters`).
                    try await Task.sleep(for: .milliseconds(1_100))
                    let before = try await PostgresTableCounters.read("outbox", from: store)
                    #expect(try await work.claimOutbox(limit: 64, lease: 30, now: now).isEmpty)
                    let after = try await PostgresTableCounters.awaitReport("outbox", from: store) {
                        $0.indexScans > before.indexScans
                    }
                    #expect(after.indexScans > before.indexScans)
                    fewestPages = min(fewestPages, after.heapBlocksRead - before.heapBlocksRead)
                }
                #expect(fewestPages < 10)
            }
        }
    }
}
