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

import SQLKit

@testable import GatehouseServer

/// What PostgreSQL has counted for one table (`pg_stat_user_tables`, `pg_statio_user_tables`):
/// for the tests that hold a statement's plan to how much of a table it reads. A backend reports its
/// counts when it goes idle: at once if its last report is a second old or more, ten seconds
/// later otherwise, so a test waits for a count it knows will move before reading the others.
struct PostgresTableCounters {
    var rowsUpdated = 0
    var rowsReadSequentially = 0
    var indexScans = 0
    /// Pages of the table read, from PostgreSQL's buffers or from the disk.
    var heapBlocksRead = 0

    static func read(_ table: String, from store: any SQLStore) async throws -> PostgresTableCounters {
        try await store.read { database in
            guard
                let row = try await database.raw(
                    """
                    SELECT t.n_tup_upd, coalesce(t.seq_tup_read, 0) AS seq_tup_read, coalesce(t.idx_scan, 0) AS idx_scan,
                        coalesce(io.heap_blks_hit, 0) + coalesce(io.heap_blks_read, 0) AS heap_blocks
                    FROM pg_stat_user_tables t JOIN pg_statio_user_tables io ON io.relid = t.relid
                    WHERE t.relname = \(bind: table)
                    """
                ).first()
            else { return PostgresTableCounters() }
            return PostgresTableCounters(
                rowsUpdated: try row.decode(column: "n_tup_upd", as: Int.self),
                rowsReadSequentially: try row.decode(column: "seq_tup_read", as: Int.self),
                indexScans: try row.decode(column: "idx_scan", as: Int.self),
                heapBlocksRead: try row.decode(column: "heap_blocks", as: Int.self))
        }
    }

    /// Reads the counts until `reported` holds (at most fifteen seconds), and returns the last.
    static func awaitReport(
        _ table: String, from store: any SQLStore, until reported: (PostgresTableCounters) -> Bool
    ) async throws -> PostgresTableCounters {
        var counters = try await read(table, from: store)
        for _ in 0..<300 where !reported(counters) {
            try await Task.sleep(for: .milliseconds(50))
            counters = try await read(table, from: store)
        }
        return counters
    }
}
