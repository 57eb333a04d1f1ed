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

import PostgresNIO

/// PostgreSQL's write of a batch of "send me an email" requests with the send window on
/// (`Store.writeEmailRequests`): one statement, kept prepared, where the transaction of three
/// multi-row statements took five round trips (BEGIN, the claims, the jobs, the audit entries,
/// COMMIT) and a plan for each. The batch goes as one JSON array, the first request of each
/// address in key order (PostgreSQL locks the window rows in that order); the window claims
/// return the keys they opened, and only those requests' jobs and audit entries are inserted,
/// in the same statement, so the three writes stay one atomic unit.
struct EmailRequestBatchStatement: PostgresKeptStatement {
    static let sql = """
        WITH batch AS (
            SELECT * FROM json_to_recordset($1::json) AS b(
                key text, now bigint, job_id text, kind text, payload text, job_now bigint, recipient text,
                recipient_user text, \(AuditInsert.jsonRecord))
        ),
        claimed AS (
            INSERT INTO email_send_windows (address_key, last_sent_at)
            SELECT key, now FROM batch ORDER BY key
            ON CONFLICT (address_key) DO UPDATE SET last_sent_at = excluded.last_sent_at
            WHERE email_send_windows.last_sent_at <= excluded.last_sent_at - $2
            RETURNING address_key
        ),
        accepted AS (SELECT batch.* FROM batch JOIN claimed ON claimed.address_key = batch.key),
        jobs AS (
            INSERT INTO outbox (\(OutboxInsert.columns))
            SELECT job_id, kind, payload, 'pending', 0, job_now, NULL, NULL, job_now, job_now,
                COALESCE(recipient, (SELECT email FROM users WHERE id = recipient_user))
            FROM accepted
        ),
        audits AS (
            INSERT INTO audit_log_entries (\(AuditInsert.columns))
            SELECT \(AuditInsert.jsonValues) FROM accepted
        )
        SELECT address_key FROM claimed
        """

    let batch: String
    let windowMicroseconds: Int64

    init(_ plan: EmailRequestBatchPlan) {
        var writer = JSONWriter(capacity: 1024 * plan.requests.count)
        writer.array(plan.claimingRequests) { writer, request in
            writer.object { row in
                row.field("key", request.windowKey)
                row.field("now", request.now.microsecondsSinceEpoch)
                row.field("job_id", request.job.id.lowercasedString)
                row.field("kind", request.job.kind)
                row.field("payload", request.job.payload)
                row.field("job_now", request.job.now.microsecondsSinceEpoch)
                switch request.job.recipient {
                case .address(let address): row.field("recipient", ifPresent: address)
                case .account(let userId): row.field("recipient_user", userId.lowercasedString)
                }
                AuditInsert.writeJSONFields(request.audit, into: &row)
            }
        }
        batch = String(decoding: writer.bytes, as: UTF8.self)
        windowMicroseconds = Int64(plan.window * 1_000_000)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(batch)
        bindings.append(windowMicroseconds)
        return bindings
    }
}
