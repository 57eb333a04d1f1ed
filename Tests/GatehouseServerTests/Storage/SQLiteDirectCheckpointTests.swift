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

import Testing

@testable import GatehouseSQLite

/// The checkpoint calls `SQLiteCheckpointer` makes on its own connection: what a checkpoint
/// reports beside a reader that pins the WAL, and that a RESTART makes the next write start the
/// WAL over.
@Suite("Checkpoints on a direct connection")
struct SQLiteDirectCheckpointTests {
    @Test("PASSIVE copies up to the oldest reader, RESTART waits for it and starts the WAL over")
    func passiveAndRestart() async throws {
        try await VendoredSQLiteTests.withWriterOfTableT { path, writer in
            let body = String(repeating: "x", count: 3_000)
            let insert = VendoredSQLiteTests.insertIntoT
            for _ in 0..<20 { try writer.run(insert, [.text(body)]) }

            let checkpointer = try SQLiteDirectConnection.open(path: path, role: .reader)
            defer { checkpointer.close() }
            try checkpointer.execute("PRAGMA busy_timeout = 0")
            let first = try checkpointer.checkpoint(.passive)
            #expect(first.walFrames >= 20 && first.copiedFrames == first.walFrames && !first.busy, "\(first)")
            try checkpointer.syncDatabaseFile()

            // A reader in a transaction keeps its snapshot: frames written after it began stay
            // in the WAL (it reads the database file itself, which they would overwrite), and a
            // RESTART cannot finish while it reads.
            let reader = try SQLiteDirectConnection.open(path: path, role: .reader)
            defer { reader.close() }
            try reader.execute("BEGIN")
            var rows: Int64?
            try reader.run("SELECT COUNT(*) FROM t", []) { rows = $0.integer(0) }
            #expect(rows == 20)
            for _ in 0..<20 { try writer.run(insert, [.text(body)]) }
            let pinned = try checkpointer.checkpoint(.passive)
            #expect(pinned.walFrames >= 20 && pinned.copiedFrames < pinned.walFrames && !pinned.busy, "\(pinned)")
            let refused = try checkpointer.checkpoint(.restart)
            #expect(refused.busy, "\(refused)")

            try reader.execute("COMMIT")
            let restarted = try checkpointer.checkpoint(.restart)
            #expect(!restarted.busy && restarted.copiedFrames == restarted.walFrames, "\(restarted)")
            try checkpointer.syncDatabaseFile()
            // The next write starts the WAL over from its first frame.
            try writer.run(insert, [.text(body)])
            let after = try checkpointer.checkpoint(.passive)
            #expect(after.walFrames > 0 && after.walFrames < 5, "\(after)")
            try reader.run("SELECT COUNT(*) FROM t", []) { rows = $0.integer(0) }
            #expect(rows == 41)
        }
    }
}
