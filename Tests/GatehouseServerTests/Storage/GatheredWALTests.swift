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
import SQLiteNIO
import Testing

@testable import GatehouseSQLite

/// The VFS every direct connection opens through (`gatehouse_wal_vfs.c`): a transaction's WAL
/// frames reach the file in one write, and whatever COMMIT has returned for is in the file, for
/// a copy of it (what a crash of the process leaves) to read back whole.
@Suite("The WAL's frames gathered into one write")
struct GatheredWALTests {
    @Test("a transaction's frames reach the WAL in one write, and a copy taken after COMMIT holds it")
    func oneWriteACommit() async throws {
        try await VendoredSQLiteTests.withWriterOfTableT { path, writer in
            try writer.execute("CREATE INDEX t_body ON t (body)")
            let before = try #require(writer.walWriteCounts())
            try writer.inTransaction {
                for index in 0..<6 { try writer.run(Self.insert, [.text("\(index)" + String(repeating: "x", count: 1_500))]) }
            }
            let after = try #require(writer.walWriteCounts())
            // Two writes a frame (header and page), and at least a table page and an index page.
            #expect(after.received - before.received >= 4, "\(before) \(after)")
            #expect(after.issued - before.issued == 1, "\(before) \(after)")
            #expect(try await Self.readBackCopy(of: path, "SELECT COUNT(*) FROM t") == 6)
        }
    }

    @Test("a transaction longer than one write, its pages spilled and written again, commits whole")
    func spilledTransaction() async throws {
        try await VendoredSQLiteTests.withWriterOfTableT { path, writer in
            // A cache of a few pages makes SQLite write dirty pages into the WAL before the
            // commit and write some of them again: the frames written again in place and the
            // checksums rewritten before the commit frame go around the gathering.
            try writer.execute("PRAGMA cache_size = 8")
            let body = String(repeating: "y", count: 700)
            try writer.inTransaction {
                for _ in 0..<2_000 { try writer.run(Self.insert, [.text(body)]) }
                try writer.execute("UPDATE t SET body = body || 'z'")
            }
            let changed = "SELECT COUNT(*) FROM t WHERE body = ?1"
            #expect(try await Self.readBackCopy(of: path, changed, .text(body + "z")) == 2_000)

            // A transaction that spilled and was rolled back leaves nothing behind it.
            try writer.execute("BEGIN IMMEDIATE")
            for _ in 0..<1_000 { try writer.run(Self.insert, [.text(body)]) }
            try writer.execute("ROLLBACK")
            try writer.run(Self.insert, [.text("last")])
            let counts = try #require(writer.walWriteCounts())
            #expect(counts.issued < counts.received, "\(counts)")
            #expect(try await Self.readBackCopy(of: path, "SELECT COUNT(*) FROM t") == 2_001)
            #expect(try await Self.readBackCopy(of: path, changed, .text(body + "z")) == 2_000)
        }
    }

    @Test("after a RESTART the log starts over at its first frame, gathered as before")
    func restartedLog() async throws {
        try await VendoredSQLiteTests.withWriterOfTableT { path, writer in
            for _ in 0..<20 { try writer.run(Self.insert, [.text(String(repeating: "x", count: 3_000))]) }
            let checkpointer = try SQLiteDirectConnection.open(path: path, role: .reader)
            defer { checkpointer.close() }
            #expect(try !checkpointer.checkpoint(.restart).busy)

            let before = try #require(writer.walWriteCounts())
            try writer.inTransaction {
                try writer.run(Self.insert, [.text("after the restart")])
                try writer.execute("CREATE TABLE u (y INTEGER PRIMARY KEY)")
            }
            let after = try #require(writer.walWriteCounts())
            // The log's new header is written and synced on its own (SQLite syncs it before the
            // frames that follow it); the transaction's frames (schema, table, new table) in one.
            #expect(after.received - before.received >= 7, "\(before) \(after)")
            #expect(after.issued - before.issued == 2, "\(before) \(after)")
            #expect(try checkpointer.checkpoint(.passive).walFrames < 5)
            #expect(try await Self.readBackCopy(of: path, "SELECT COUNT(*) FROM t") == 21)
        }
    }

    static let insert = VendoredSQLiteTests.insertIntoT

    /// Copies the database and its WAL as the operating system holds them (what a crash of the
    /// process leaves; no shared memory, so the copy's reader recovers the WAL from the file),
    /// opens the copy on a connection of its own, checks its integrity, and returns the integer
    /// `sql` reads there.
    static func readBackCopy(of path: String, _ sql: String, _ values: SQLiteData...) async throws -> Int64? {
        var value: Int64?
        try await VendoredSQLiteTests.withFile { copy in
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            let reader = try SQLiteDirectConnection.open(path: copy, role: .reader)
            defer { reader.close() }
            var integrity: String?
            try reader.run("PRAGMA integrity_check", []) { integrity = $0.text(0) }
            #expect(integrity == "ok")
            try reader.run(sql, values) { value = $0.integer(0) }
        }
        return value
    }
}
