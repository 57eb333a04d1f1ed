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
import GatehouseSQLite
import SQLiteNIO

// The outbox worker's settlement on SQLite's direct connection, one kept statement a row, inside
// the transaction `SQLiteStore.writeDirect` opens. `OutboxSettlementTests` holds its rows to
// those of SQLKit's statements, one by one.

extension SQLiteDirectConnection {
    /// Finishes each job (sent or skipped: done, an earlier attempt's error cleared; otherwise
    /// its new state, error and next attempt), then appends `entries`.
    func settleOutboxJobs(_ results: [OutboxRepository.Finish], audit entries: [AuditEntry], now: Timestamp) throws {
        let updatedAt = SQLiteData.integer(Int(now.microsecondsSinceEpoch))
        for result in results {
            let id = SQLiteData.text(result.id.lowercasedString)
            switch result.state {
            case .sent, .skipped:
                // Done: the error of an earlier attempt is cleared; when it was due stays as it was.
                try run(Self.finishJob, [.text(result.state.rawValue), updatedAt, id])
            case .pending, .sending, .dead:
                try run(
                    Self.rescheduleJob,
                    [
                        .text(result.state.rawValue), .optionalText(result.error.map { String($0.prefix(500)) }),
                        .integer(Int(result.nextAttemptAt.microsecondsSinceEpoch)), updatedAt, id,
                    ])
            }
        }
        for entry in entries { try insertAuditEntry(entry) }
    }

    private static let finishJob = """
        UPDATE outbox SET state = ?1, locked_until = NULL, last_error = NULL, updated_at = ?2 WHERE id = ?3
        """

    private static let rescheduleJob = """
        UPDATE outbox SET state = ?1, locked_until = NULL, last_error = ?2, next_attempt_at = ?3, updated_at = ?4 WHERE id = ?5
        """
}
