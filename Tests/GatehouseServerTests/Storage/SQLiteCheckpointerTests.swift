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
import Logging
import SQLKit
import ServiceLifecycle
import Testing

@testable import GatehouseServer

/// The background checkpointer takes checkpoints out of the writer's commits and still keeps the
/// WAL from growing without bound.
@Suite struct SQLiteCheckpointerTests {
    let logger = Logger(label: "checkpointer-test")

    @Test func takesOverCheckpointingWhileRunningAndHandsItBackOnShutdown() async throws {
        try await withStore { store in
            #expect(try await autocheckpoint(store) == 1000)
            let group = ServiceGroup(
                configuration: .init(
                    services: [
                        SQLiteCheckpointer(
                            store: store, interval: .milliseconds(10), busyInterval: .milliseconds(10), restartAbovePages: 16)
                    ], logger: logger
                ))
            let running = Task { try await group.run() }
            // Bounded wait for the service to switch the writer's own checkpoints off.
            var switched = false
            for _ in 0..<500 where !switched {
                switched = try await autocheckpoint(store) == 0
                // Polled: the service switches them off in the background, announcing nothing.
                if !switched { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(switched)

            // Back-to-back writes of a few pages each: a checkpoint running beside them never
            // catches up, and SQLite starts the WAL over only once one has, so without the
            // restarts with writes held the WAL grows with every row (37.6 MB after 3,000 rows
            // here with them disabled, and never started over). With them it is started over
            // again and again while the writes go on. How many rows that takes depends on the
            // turns the rest of the suite leaves the checkpointer, so the rows go on until the
            // WAL has been started over three times (its header's checkpoint sequence number
            // moved), within a bound.
            let blob = String(repeating: "x", count: 4_000)
            var rows = 0
            var startsOver = 0
            var sequence = try walCheckpointSequence(store)
            while startsOver < 3 && rows < 12_000 {
                let index = rows
                try await store.writeStatement {
                    try await $0.raw("INSERT INTO filler (id, body) VALUES (\(bind: index), \(bind: blob))").run()
                }
                rows += 1
                let now = try walCheckpointSequence(store)
                if now != sequence { (startsOver, sequence) = (startsOver + 1, now) }
            }
            #expect(startsOver == 3, "the WAL was started over \(startsOver) times in \(rows) back-to-back writes")
            // The rows reach the database file itself, though the writer no longer checkpoints.
            var databaseBytes = 0
            for _ in 0..<500 where databaseBytes < rows * 4_000 {
                databaseBytes = try fileSize(store.path)
                // Polled: the checkpoints run in the background, announcing nothing.
                if databaseBytes < rows * 4_000 { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(databaseBytes >= rows * 4_000)

            await group.triggerGracefulShutdown()
            try await running.value
            #expect(try await autocheckpoint(store) == 1000)
            let stored = try await store.read {
                try await $0.raw("SELECT COUNT(*) AS total FROM filler").first()?.decode(column: "total", as: Int.self)
            }
            #expect(stored == rows)
        }
    }

    private func autocheckpoint(_ store: SQLiteStore) async throws -> Int? {
        try await store.writeStatement {
            try await $0.raw("PRAGMA wal_autocheckpoint").first()?.decode(column: "wal_autocheckpoint", as: Int.self)
        }
    }

    /// The WAL header's checkpoint sequence number (bytes 12–15, big-endian): SQLite adds one
    /// each time a write starts the WAL over after a checkpoint reached its end.
    private func walCheckpointSequence(_ store: SQLiteStore) throws -> UInt32 {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: store.path + "-wal"))
        defer { try? handle.close() }
        let header = try handle.read(upToCount: 16) ?? Data()
        guard header.count == 16 else { return 0 }
        return header.suffix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    private func withStore(_ body: (SQLiteStore) async throws -> Void) async throws {
        try await withTemporarySQLiteStore(migrated: false) { store in
            try await store.writeStatement { try await $0.raw("CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").run() }
            try await body(store)
        }
    }
}
