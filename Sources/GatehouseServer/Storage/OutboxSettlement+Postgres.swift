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
import PostgresNIO

/// The outbox worker's settlement on PostgreSQL (`Store.settleOutbox`): one statement, where the
/// transaction took four round trips or more (BEGIN, an update for each kind of outcome, the
/// audit entries, COMMIT). The outcomes and the entries go as two JSON arrays, and a statement is
/// atomic on its own as the transaction was. `OutboxSettlementTests` holds its rows to those of
/// SQLKit's statements, one by one.
///
/// It is sent unnamed, planned for each batch, and names the jobs' keys as an array as well as in
/// the JSON: PostgreSQL counts a JSON set as 100 rows whatever it holds, and a plan kept from a
/// connection's first batches, made while the outbox was small, joined it by reading the whole
/// table, every settlement, as the table grew. Planned with the keys as a constant array, the
/// update reads the outbox by its primary key once the table is larger than a few pages
/// (Benchmarks/PROFILE.md, "The outbox settlement's plan").
struct OutboxSettlementStatement {
    static let sql = """
        WITH results AS (
            SELECT * FROM json_to_recordset($1::json) AS r(id text, state text, error text, next_attempt_at bigint)
        ),
        settled AS (
            UPDATE outbox SET state = results.state, locked_until = NULL,
                last_error = CASE WHEN results.state IN ('sent', 'skipped') THEN NULL ELSE results.error END,
                next_attempt_at = CASE WHEN results.state IN ('sent', 'skipped')
                    THEN outbox.next_attempt_at ELSE results.next_attempt_at END,
                updated_at = $2
            FROM results WHERE outbox.id = results.id AND outbox.id = ANY($4::text[])
        )
        INSERT INTO audit_log_entries (\(AuditInsert.columns))
        SELECT \(AuditInsert.jsonValues) FROM json_to_recordset($3::json) AS a(\(AuditInsert.jsonRecord))
        """

    let query: PostgresQuery

    init(_ results: [OutboxRepository.Finish], audit entries: [AuditEntry], now: Timestamp) {
        var writer = JSONWriter(capacity: 128 * results.count)
        writer.array(results) { writer, result in
            writer.object { row in
                row.field("id", result.id.lowercasedString)
                row.field("state", result.state.rawValue)
                row.field("error", ifPresent: result.error.map { String($0.prefix(500)) })
                row.field("next_attempt_at", result.nextAttemptAt.microsecondsSinceEpoch)
            }
        }
        var audit = JSONWriter(capacity: 256 * entries.count)
        audit.array(entries) { writer, entry in
            writer.object { row in AuditInsert.writeJSONFields(entry, into: &row) }
        }
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(String(decoding: writer.bytes, as: UTF8.self))
        bindings.append(now.microsecondsSinceEpoch)
        bindings.append(String(decoding: audit.bytes, as: UTF8.self))
        bindings.append(results.map(\.id.lowercasedString))
        query = PostgresQuery(unsafeSQL: Self.sql, binds: bindings)
    }
}
