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
            // catches up, so without the restarts with writes held the WAL grows with every row
            // (37.6 MB here with them disabled). With them it stays at what was written
            // between two restarts: about 5 MB, and 12 MB where the suite's other tests kept the
            // checkpointer from its turns for a while on two cores.
            let rows = 3_000
            let blob = String(repeating: "x", count: 4_000)
            for index in 0..<rows {
                try await store.writeStatement {
                    try await $0.raw("INSERT INTO filler (id, body) VALUES (\(bind: index), \(bind: blob))").run()
                }
            }
            let walBytes = try fileSize(store.path + "-wal")
            #expect(walBytes < 20_000_000, "WAL grew to \(walBytes) bytes")
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
