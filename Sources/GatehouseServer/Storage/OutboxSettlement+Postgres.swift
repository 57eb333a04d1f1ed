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

/// The outbox worker's settlement on PostgreSQL (`Store.settleOutbox`): one statement kept
/// prepared, where the transaction took four round trips or more (BEGIN, an update for each
/// kind of outcome, the audit entries, COMMIT) and a plan for each statement. The outcomes and
/// the entries go as two JSON arrays, and a statement is atomic on its own as the transaction
/// was. `OutboxSettlementTests` holds its rows to those of SQLKit's statements, one by one.
struct OutboxSettlementStatement: PostgresKeptStatement {
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
            FROM results WHERE outbox.id = results.id
        )
        INSERT INTO audit_log_entries (\(AuditInsert.columns))
        SELECT \(AuditInsert.jsonValues) FROM json_to_recordset($3::json) AS a(\(AuditInsert.jsonRecord))
        """

    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .text]

    let results: String
    let now: Int64
    let entries: String

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
        self.results = String(decoding: writer.bytes, as: UTF8.self)
        var audit = JSONWriter(capacity: 256 * entries.count)
        audit.array(entries) { writer, entry in
            writer.object { row in AuditInsert.writeJSONFields(entry, into: &row) }
        }
        self.entries = String(decoding: audit.bytes, as: UTF8.self)
        self.now = now.microsecondsSinceEpoch
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(results)
        bindings.append(now)
        bindings.append(entries)
        return bindings
    }
}
