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
import SQLKit
import Testing

@testable import GatehouseServer

/// SQLite's reader connections (direct, with their statements kept prepared): many reads at
/// once beside writes, each seeing what was committed, and none holding the WAL open after it
/// ends (a statement left un-reset would keep its read snapshot and stop checkpoints).
@Suite struct SQLiteReadersTests {
    @Test func concurrentReadsBesideWritesSeeCommittedRowsAndLetCheckpointsFinish() async throws {
        try await withTemporarySQLiteStore(migrated: false) { store in
            try await store.writeStatement {
                try await $0.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)").run()
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await store.write {
                            try await $0.raw("INSERT INTO items (id, name) VALUES (\(bind: index), \(bind: "item \(index)"))").run()
                        }
                    }
                    group.addTask {
                        // The same statement each time, with other values: kept prepared, rebound.
                        let rows = try await store.read {
                            try await $0.raw("SELECT id, name FROM items WHERE id <= \(bind: index) ORDER BY id").all()
                                .map { (try $0.decode(column: "id", as: Int.self), try $0.decode(column: "name", as: String.self)) }
                        }
                        // Whatever was committed before the read, in order, each row whole.
                        #expect(rows.allSatisfy { $0.0 <= index && $0.1 == "item \($0.0)" })
                        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.0 < $1.0 })
                    }
                }
                try await group.waitForAll()
            }
            let count = try await store.read {
                try await $0.raw("SELECT COUNT(*) AS n FROM items").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == 40)
            // A failing read leaves its reader usable.
            await #expect(throws: (any Error).self) { try await store.read { try await $0.raw("SELECT nope FROM items").all() } }
            for _ in 0..<4 {
                let first = try await store.read {
                    try await $0.raw("SELECT name FROM items WHERE id = \(bind: 0)").first()?.decode(column: "name", as: String.self)
                }
                #expect(first == "item 0")
            }
            // No reader still holds a snapshot: a TRUNCATE checkpoint completes (busy = 0).
            let busy = try await store.writeStatement {
                try await $0.raw("PRAGMA wal_checkpoint(TRUNCATE)").first()?.decode(column: "busy", as: Int.self)
            }
            #expect(busy == 0)
        }
    }
}
