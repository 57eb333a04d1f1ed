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

/// The mail outbox (`outbox`): jobs written in the same transaction as the request that causes
/// them, claimed by workers with a lease, and finished as `sent` or, after the last attempt, `dead`.
struct OutboxRepository: Sendable {
    let database: any SQLDatabase

    typealias State = OutboxState

    /// How a claimed job ended this time.
    struct Finish: Sendable {
        var id: UUID
        var state: State
        var error: String?
        var nextAttemptAt: Timestamp
    }

    func enqueue(_ job: OutboxJob, id: UUID, now: Timestamp) async throws {
        let payload = try job.payload()
        try await database.raw(
            "INSERT INTO outbox (\(unsafeRaw: OutboxInsert.columns)) VALUES "
                + OutboxInsert.row(id: id, kind: job.kind, payload: payload, now: now, recipient: OutboxInsert.recipient(of: job))
        ).run()
    }

    /// Claims up to `limit` due jobs: pending ones whose time has come, and `sending` ones whose
    /// lease ran out (their worker died). On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets workers
    /// of several instances claim disjoint batches; SQLite has a single writer already. In the
    /// order they were written (RETURNING's own order is the engine's): a batch's tokens are
    /// minted as if stored one after the other, so the newest request's plain link is the one kept.
    func claim(limit: Int, lease: Double, now: Timestamp) async throws -> [OutboxEntry] {
        let nowMicros = now.microsecondsSinceEpoch
        // Which jobs are due, and (PostgreSQL) the common table expressions that find them.
        let (found, due): (SQLQueryString, SQLQueryString) =
            if database.engine == .postgres {
                // The two kinds of due job each read in order from `outbox_due`: a condition with
                // OR is read as a bitmap of the index instead, which visits every version of every
                // job that index still lists (each job leaves two behind it until VACUUM) at each
                // claim, where an ordered index scan marks those it meets as dead once and for all.
                (
                    """
                    WITH pending AS (
                        SELECT id, next_attempt_at FROM outbox
                        WHERE state = 'pending' AND next_attempt_at <= \(bind: nowMicros)
                        ORDER BY next_attempt_at LIMIT \(bind: limit) FOR UPDATE SKIP LOCKED
                    ), expired AS (
                        SELECT id, next_attempt_at FROM outbox
                        WHERE state = 'sending' AND locked_until < \(bind: nowMicros)
                        ORDER BY next_attempt_at LIMIT \(bind: limit) FOR UPDATE SKIP LOCKED
                    )
                    """,
                    "SELECT * FROM pending UNION ALL SELECT * FROM expired"
                )
            } else {
                (
                    "",
                    """
                    SELECT id, next_attempt_at FROM outbox
                    WHERE (state = 'pending' AND next_attempt_at <= \(bind: nowMicros))
                       OR (state = 'sending' AND locked_until < \(bind: nowMicros))
                    """
                )
            }
        let rows = try await database.raw(
            """
            \(found)
            UPDATE outbox SET state = 'sending', attempts = attempts + 1,
                locked_until = \(bind: nowMicros + Int64(lease * 1_000_000)), updated_at = \(bind: nowMicros)
            WHERE id IN (SELECT id FROM (\(due)) due ORDER BY next_attempt_at LIMIT \(bind: limit))
            RETURNING id, payload, attempts, created_at
            """
        ).all()
        return rows.compactMap { row in
            guard let id = (try? row.decode(column: "id", as: String.self)).flatMap(UUID.init(parsing:)),
                let payload = try? row.decode(column: "payload", as: String.self),
                let job = try? OutboxJob.read(payload: payload),
                let attempts = try? row.decode(column: "attempts", as: Int.self),
                let createdAt = try? row.decode(column: "created_at", as: Int64.self)
            else { return nil }
            return OutboxEntry(id: id, job: job, attempts: attempts, queuedAt: Timestamp(microsecondsSinceEpoch: createdAt))
        }
        .sorted { $0.queuedAt < $1.queuedAt }
    }

    /// Keeps jobs claimed while they are being sent.
    func renewLease(ids: [UUID], until: Timestamp) async throws {
        guard !ids.isEmpty else { return }
        let list = SQLList(ids.map { SQLBind($0.lowercasedString) })
        try await database.raw(
            """
            UPDATE outbox SET locked_until = \(bind: until.microsecondsSinceEpoch)
            WHERE state = 'sending' AND id IN (\(list))
            """
        ).run()
    }

    /// When the next pending job falls due, if any (the worker sleeps until then).
    func nextDue() async throws -> Timestamp? {
        let row = try await database.raw(
            """
            SELECT MIN(CASE WHEN state = 'pending' THEN next_attempt_at ELSE locked_until END) AS due
            FROM outbox WHERE state IN ('pending', 'sending')
            """
        ).first()
        return try row?.decode(column: "due", as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
    }

    func status(deadLimit: Int = 20) async throws -> OutboxStatus {
        var status = OutboxStatus()
        for row in try await database.raw("SELECT state, COUNT(*) AS total FROM outbox GROUP BY state").all() {
            let total = try row.decode(column: "total", as: Int.self)
            switch State(rawValue: try row.decode(column: "state", as: String.self)) {
            case .pending: status.pending = total
            case .sending: status.sending = total
            case .sent: status.sent = total
            case .skipped: status.skipped = total
            case .dead: status.dead = total
            case nil: break
            }
        }
        status.deadJobs = try await database.raw(
            """
            SELECT id, kind, attempts, last_error, updated_at FROM outbox WHERE state = 'dead'
            ORDER BY updated_at DESC LIMIT \(bind: deadLimit)
            """
        ).all().map { row in
            OutboxStatus.DeadJob(
                id: try row.decode(column: "id", as: String.self), kind: try row.decode(column: "kind", as: String.self),
                attempts: try row.decode(column: "attempts", as: Int.self),
                lastError: try row.decode(column: "last_error", as: String?.self),
                updatedAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "updated_at", as: Int64.self)).rfc3339
            )
        }
        return status
    }
}
