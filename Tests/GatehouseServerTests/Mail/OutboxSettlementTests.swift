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

@testable import GatehouseSQLite
@testable import GatehouseServer

/// The outbox worker settles its outcomes on SQLite in one hop of kept statements
/// (`SQLiteDirectConnection.settleOutboxJobs`), on PostgreSQL in one statement
/// (`OutboxSettlementStatement`), instead of SQLKit's `finish` and `appendEach`. Each must leave
/// exactly the rows those leave on its engine, for every kind of outcome.
@Suite("Outbox settlement")
struct OutboxSettlementTests {
    @Test("settling in one call leaves the rows SQLKit's finish and appendEach leave, for every outcome", arguments: Backend.all)
    func sameRowsAsSQLKit(_ backend: Backend) async throws {
        let ids = (0..<5).map { _ in UUID() }
        let enqueuedAt = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
        let settledAt = enqueuedAt.adding(seconds: 3)
        let longReason = String(repeating: "é", count: 600)
        let results: [OutboxRepository.Finish] = [
            .init(id: ids[0], state: .sent, error: nil, nextAttemptAt: settledAt),
            .init(id: ids[1], state: .skipped, error: nil, nextAttemptAt: settledAt),
            .init(id: ids[2], state: .pending, error: longReason, nextAttemptAt: settledAt.adding(seconds: 30)),
            .init(id: ids[3], state: .dead, error: "550 mailbox unavailable", nextAttemptAt: settledAt),
        ]
        let request = AuditRequest(ipAddress: "203.0.113.9", userAgent: "test \"agent\"", requestId: nil, actor: nil)
        let entries = [
            AuditEntry(AuditEvent(.emailSent, email: "a@example.com"), at: settledAt, request: request),
            AuditEntry(AuditEvent(.emailSkipped, email: "b@example.com"), at: settledAt, request: request),
        ]

        func settle(direct: Bool) async throws -> (outbox: [String], audit: [String]) {
            var rows: (outbox: [String], audit: [String]) = ([], [])
            try await TestServer.withDatabase(backend) { database in
                rows = try await database.withMigratedStore { store, work in
                    try await work.perform(.transaction) { database in
                        for id in ids {
                            try await database.outbox.enqueue(.consoleTest(email: "x@example.com"), id: id, now: enqueuedAt)
                        }
                        // As after a failed attempt: a finished job must clear it.
                        try await database.database.raw("UPDATE outbox SET last_error = 'an earlier attempt failed'").run()
                    }
                    // Claimed first, as the worker settles only what it claimed (locked_until is set).
                    let claimed = try await work.perform(.statement) { database in
                        try await database.outbox.claim(limit: 10, lease: 15, now: enqueuedAt.adding(seconds: 1))
                    }
                    #expect(claimed.count == ids.count)
                    if direct {
                        try await work.settleOutbox(results, audit: entries, now: settledAt)
                    } else {
                        try await work.perform(.transaction) { database in
                            try await database.outbox.finish(results, now: settledAt)
                            try await database.auditLog.appendEach(entries)
                        }
                    }
                    return try await store.read { database in
                        let outbox = try await database.raw(
                            "SELECT id, state, attempts, next_attempt_at, locked_until, last_error, updated_at FROM outbox ORDER BY id"
                        ).all().map { try $0.describedColumns() }
                        let audit = try await database.raw(
                            """
                            SELECT id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits
                            FROM audit_log_entries ORDER BY id
                            """
                        ).all().map { try $0.describedColumns() }
                        return (outbox, audit)
                    }
                }
            }
            return rows
        }

        let direct = try await settle(direct: true)
        let sqlKit = try await settle(direct: false)
        #expect(direct.outbox == sqlKit.outbox)
        #expect(direct.audit == sqlKit.audit)
        // The comparison is not of two empty tables, nor of rows left as they were claimed.
        #expect(direct.outbox.count == ids.count)
        #expect(direct.audit.count == entries.count)
        #expect(direct.outbox.filter { $0.contains("sending") }.count == 1)
        #expect(direct.outbox.filter { $0.contains("an earlier attempt failed") }.count == 1)
        #expect(direct.outbox.contains { $0.contains(String(repeating: "é", count: 500)) && !$0.contains(longReason) })
    }

    /// A settlement's plan chosen while the outbox was small must not stay once it has grown: a
    /// plan that joined the batch to the outbox by reading the whole table made every settlement
    /// cost as much as the table. Each of the pool's connections first settles batches of unknown
    /// keys on an empty outbox (no row changes, so PostgreSQL's counters of updated rows start
    /// from this test's own), the outbox then grows to `grown` jobs, and four one-job settlements
    /// must read far fewer rows than one pass over it.
    @Test(
        "settling a job reads the outbox by its key after the table has grown",
        .enabled(if: Backend.postgresURL != nil))
    func settlementReadsByKeyAfterGrowth() async throws {
        let grown = 20_000
        let now = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
        try await TestServer.withDatabase(.postgres) { database in
            try await database.withMigratedStore { store, work in
                // Eight rounds of as many settlements at once as the pool has connections: more
                // than the five executions after which PostgreSQL may keep a generic plan.
                for _ in 0..<8 {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<4 {
                            group.addTask {
                                let unknown = OutboxRepository.Finish(id: UUID(), state: .sent, error: nil, nextAttemptAt: now)
                                try await work.settleOutbox([unknown], audit: [], now: now)
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                let settled = (0..<4).map { _ in UUID() }
                try await store.write { database in
                    try await database.raw(
                        """
                        INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, created_at, updated_at)
                        SELECT 'grown-' || n, 'console_test', '{}', 'sent', 1, 0, 0, 0 FROM generate_series(1, \(bind: grown)) AS n
                        """
                    ).run()
                    for id in settled {
                        try await database.raw(
                            """
                            INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, locked_until, created_at, updated_at)
                            VALUES (\(bind: id.lowercasedString), 'console_test', '{}', 'sending', 1, 0, 1, 0, 0)
                            """
                        ).run()
                    }
                }
                // So that the settlements' backends report at once (`PostgresTableCounters`).
                try await Task.sleep(for: .milliseconds(1_100))
                let before = try await PostgresTableCounters.read("outbox", from: store)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for id in settled {
                        group.addTask {
                            let sent = OutboxRepository.Finish(id: id, state: .sent, error: nil, nextAttemptAt: now)
                            try await work.settleOutbox([sent], audit: [], now: now)
                        }
                    }
                    try await group.waitForAll()
                }
                let after = try await PostgresTableCounters.awaitReport("outbox", from: store) {
                    $0.rowsUpdated - before.rowsUpdated >= settled.count
                }
                #expect(after.rowsUpdated - before.rowsUpdated == settled.count)
                #expect(after.rowsReadSequentially - before.rowsReadSequentially < grown / 2)
                let states = try await store.read { database in
                    try await database.raw("SELECT state FROM outbox WHERE id NOT LIKE 'grown-%'").all()
                        .map { try $0.decode(column: "state", as: String.self) }
                }
                #expect(states == Array(repeating: "sent", count: settled.count))
            }
        }
    }
}

extension OutboxRepository {
    /// The outcomes through SQLKit, statement by statement (jobs that ended alike share one): the
    /// rows both one-call settlements must leave.
    func finish(_ results: [Finish], now: Timestamp) async throws {
        for state in [State.sent, .skipped] {
            let ids = results.filter { $0.state == state }.map { SQLBind($0.id.lowercasedString) }
            guard !ids.isEmpty else { continue }
            try await database.raw(
                """
                UPDATE outbox SET state = \(bind: state.rawValue), locked_until = NULL, last_error = NULL,
                    updated_at = \(bind: now.microsecondsSinceEpoch)
                WHERE id IN (\(SQLList(ids)))
                """
            ).run()
        }
        for result in results where result.state != .sent && result.state != .skipped {
            try await database.raw(
                """
                UPDATE outbox SET state = \(bind: result.state.rawValue), locked_until = NULL,
                    last_error = \(bind: result.error.map { String($0.prefix(500)) }),
                    next_attempt_at = \(bind: result.nextAttemptAt.microsecondsSinceEpoch), updated_at = \(bind: now.microsecondsSinceEpoch)
                WHERE id = \(bind: result.id.lowercasedString)
                """
            ).run()
        }
    }
}
