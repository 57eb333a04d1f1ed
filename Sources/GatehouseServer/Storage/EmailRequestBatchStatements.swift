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
import GatehouseSQLite
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
            "\(unsafeRaw: SendWindowClaim.insert)" + values.joined(separator: ", ")
                + "\(unsafeRaw: SendWindowClaim.onConflict(window: window))\(unsafeRaw: SendWindowClaim.returningKeys)"
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
        var recipient: OutboxInsert.Recipient

        init(_ job: OutboxJob, id: UUID, now: Timestamp) throws {
            self.id = id
            kind = job.kind
            payload = try job.payload()
            self.now = now
            recipient = OutboxInsert.recipient(of: job)
        }
    }

    /// Inserts every job, pending and due at its `now`, in one statement.
    func enqueueEach(_ jobs: [NewJob]) async throws {
        guard !jobs.isEmpty else { return }
        let values = jobs.map { OutboxInsert.row(id: $0.id, kind: $0.kind, payload: $0.payload, now: $0.now, recipient: $0.recipient) }
        try await database.raw("INSERT INTO outbox (\(unsafeRaw: OutboxInsert.columns)) VALUES " + values.joined(separator: ", ")).run()
    }
}

extension AuditLogRepository {
    /// Appends every entry: multi-row statements of at most `StatementRows.limit` entries, or on
    /// SQLite's writer one kept single-row statement each. The callers that pass several run it
    /// inside a transaction.
    func appendEach(_ entries: [AuditEntry]) async throws {
        guard !entries.isEmpty else { return }
        // SQLite's writer: single-row statements kept prepared, in one call.
        if let direct = database as? SQLiteDirectDatabase {
            try await direct.withConnection { connection in
                for entry in entries { try connection.insertAuditEntry(entry) }
            }
            return
        }
        for chunk in StatementRows.chunks(entries) {
            let values = chunk.map(AuditInsert.row).joined(separator: ", ")
            try await database.raw("INSERT INTO audit_log_entries (\(unsafeRaw: AuditInsert.columns)) VALUES " + values).run()
        }
    }
}
