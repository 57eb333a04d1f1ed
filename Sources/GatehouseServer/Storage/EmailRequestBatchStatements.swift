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

// Multi-row forms of the three writes of a "send me an email" request (`EmailRequestCommitter`):
// a batch of requests costs three statements however many it holds.

extension EmailWindowRepository {
    /// Opens the window of each key (one statement), each at its own `now`. Returns the keys
    /// whose window was closed and is now open; the others are still open. Keys must be distinct,
    /// and in one order across callers (PostgreSQL locks the rows in the order given).
    func claimEach(_ claims: [(key: String, now: Timestamp)], window: Double) async throws -> Set<String> {
        guard !claims.isEmpty else { return [] }
        let values = claims.map { "(\(bind: $0.key), \(bind: $0.now.microsecondsSinceEpoch))" as SQLQueryString }
        let rows = try await database.raw(
            "INSERT INTO email_send_windows (address_key, last_sent_at) VALUES " + values.joined(separator: ", ")
                + """
                 ON CONFLICT (address_key) DO UPDATE SET last_sent_at = excluded.last_sent_at
                WHERE email_send_windows.last_sent_at <= excluded.last_sent_at - \(bind: Int64(window * 1_000_000))
                RETURNING address_key
                """
        ).all()
        return Set(rows.compactMap { try? $0.decode(column: "address_key", as: String.self) })
    }

    /// When each key's window last opened (microseconds since the epoch), for the keys that have one.
    func lastSent(_ keys: Set<String>) async throws -> [String: Int64] {
        guard !keys.isEmpty else { return [:] }
        let rows = try await database.raw(
            "SELECT address_key, last_sent_at FROM email_send_windows WHERE address_key IN (\(SQLList(keys.map { SQLBind($0) })))"
        ).all()
        var result: [String: Int64] = [:]
        for row in rows {
            if let key = try? row.decode(column: "address_key", as: String.self),
                let last = try? row.decode(column: "last_sent_at", as: Int64.self)
            {
                result[key] = last
            }
        }
        return result
    }
}

extension OutboxRepository {
    /// A job ready to insert: its JSON is encoded by the request, not inside the batch's write.
    struct NewJob: Sendable {
        var id: UUID
        var kind: String
        var payload: String
        var now: Timestamp

        init(_ job: OutboxJob, id: UUID, now: Timestamp) throws {
            self.id = id
            kind = job.kind
            payload = try job.payload()
            self.now = now
        }
    }

    /// Inserts every job, pending and due at its `now`, in one statement.
    func enqueueEach(_ jobs: [NewJob]) async throws {
        guard !jobs.isEmpty else { return }
        let values = jobs.map { job -> SQLQueryString in
            let now = job.now.microsecondsSinceEpoch
            return """
                (\(bind: job.id.lowercasedString), \(bind: job.kind), \(bind: job.payload), 'pending', 0, \(bind: now), NULL, NULL, \
                \(bind: now), \(bind: now))
                """
        }
        try await database.raw(
            "INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at) VALUES "
                + values.joined(separator: ", ")
        ).run()
    }
}

extension AuditLogRepository {
    /// Appends every entry: one multi-row statement, or on SQLite's writer one kept single-row
    /// statement each. The callers that pass several run it inside a transaction.
    func appendEach(_ entries: [AuditEntry]) async throws {
        guard !entries.isEmpty else { return }
        // SQLite's writer: single-row statements kept prepared, in one hop to the thread pool.
        if let direct = database as? SQLiteDirectDatabase {
            try await direct.withConnection { connection in
                for entry in entries { try connection.insertAuditEntry(entry) }
            }
            return
        }
        let values = entries.map { entry -> SQLQueryString in
            """
            (\(bind: entry.id.lowercasedString), \(bind: entry.createdAt.microsecondsSinceEpoch), \(bind: entry.action), \
            \(bind: entry.userId?.lowercasedString), \(bind: entry.email), \(bind: entry.actor), \(bind: entry.ipAddress), \
            \(bind: entry.userAgent), \(bind: entry.requestId), \(bind: JSONColumn.encode(entry.traits)))
            """
        }
        try await database.raw(
            "INSERT INTO audit_log_entries (id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits) VALUES "
                + values.joined(separator: ", ")
        ).run()
    }
}
