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
import NIOCore
import NIOPosix
import SQLiteNIO
import Testing

@testable import GatehouseSQLite
@testable import GatehouseServer

/// What the direct SQLite layer depends on in the SQLite it links through SQLiteNIO's vendored
/// copy (`sqlite_nio_sqlite3_*`). These fail when an upgrade of sqlite-nio changes it in a way
/// the layer relies on — above all, when the process would hold two copies of SQLite: each copy
/// keeps its own table of POSIX locks, so one copy's lock is invisible to the other within one
/// process and two writers corrupt the file.
@Suite("The SQLite the direct layer links")
struct VendoredSQLiteTests {
    /// A fresh database file in its own directory, removed after `body`.
    static func withFile(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("locks.sqlite").path)
    }

    /// A direct connection, the writer's role, on a fresh database file (`withFile`).
    static func withConnection(_ body: (String, SQLiteDirectConnection) async throws -> Void) async throws {
        try await withFile { path in
            let connection = try SQLiteDirectConnection.open(path: path)
            defer { connection.close() }
            try await body(path, connection)
        }
    }

    /// A writer on a new database holding table `t`, with SQLite's own checkpoints off, so that
    /// every frame stays in the WAL until a test checkpoints it.
    static func withWriterOfTableT(_ body: (String, SQLiteDirectConnection) async throws -> Void) async throws {
        try await withConnection { path, writer in
            try writer.execute("PRAGMA wal_autocheckpoint = 0")
            try writer.execute("CREATE TABLE t (x INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try await body(path, writer)
        }
    }

    /// Appends a row to table `t`: ?1 its body.
    static let insertIntoT = "INSERT INTO t (body) VALUES (?1)"

    @Test("one SQLite in the process: a write lock SQLiteNIO's connection holds stops the direct connection")
    func oneCopyOfSQLite() async throws {
        try await Self.withFile { path in
            let nio = try await SQLiteConnection.open(storage: .file(path: path)).get()
            _ = try await nio.query("CREATE TABLE t (x INTEGER)").get()
            _ = try await nio.query("BEGIN IMMEDIATE").get()
            _ = try await nio.query("INSERT INTO t (x) VALUES (1)").get()

            let direct = try SQLiteDirectConnection.open(path: path, role: .reader)
            defer { direct.close() }
            // Fail at once instead of waiting for the lock.
            try direct.execute("PRAGMA busy_timeout = 0")
            do {
                try direct.execute("BEGIN IMMEDIATE")
                Issue.record("the direct connection took the write lock SQLiteNIO's connection holds: two copies of SQLite?")
                try? direct.execute("ROLLBACK")
            } catch let error as SQLiteDirectError {
                // SQLITE_BUSY, as an extended code of its family.
                #expect(error.code & 0xFF == 5, "\(error)")
            }
            _ = try await nio.query("COMMIT").get()
            // Released: now it may write, and it reads what the other committed.
            try direct.execute("BEGIN IMMEDIATE")
            var count: Int64?
            try direct.run("SELECT COUNT(*) FROM t", []) { count = $0.integer(0) }
            try direct.execute("COMMIT")
            #expect(count == 1)
            try await nio.close().get()
        }
    }

    @Test("the SQLite both link is one version, recent enough for the SQL the repositories write")
    func version() {
        #expect(SQLiteDirectConnection.libraryVersion == SQLiteConnection.libraryVersion())
        // RETURNING (3.35) and UPSERT's ON CONFLICT DO NOTHING (3.24) are written by Storage.
        #expect(SQLiteDirectConnection.libraryVersion >= 3_035_000, "\(SQLiteConnection.libraryVersionString())")
    }

    @Test("the configuration the direct connection sets takes: one plan per statement, statements kept prepared, a smaller page cache")
    func configuration() async throws {
        // Opening enables SQLITE_DBCONFIG_ENABLE_QPSG and fails if the library refuses it.
        try await Self.withConnection { path, direct in
            try direct.execute("CREATE TABLE t (x INTEGER)")
            var mode: String?
            try direct.run("PRAGMA journal_mode", []) { mode = $0.text(0) }
            #expect(mode == "wal")
            var cacheSize: Int64?
            try direct.run("PRAGMA cache_size", []) { cacheSize = $0.integer(0) }
            #expect(cacheSize == -Int64(SQLiteDirectConnection.pageCacheKiB))
            let reader = try SQLiteDirectConnection.open(path: path, role: .reader)
            defer { reader.close() }
            try reader.run("PRAGMA cache_size", []) { cacheSize = $0.integer(0) }
            #expect(cacheSize == -Int64(SQLiteDirectConnection.pageCacheKiB))
            let insert = "INSERT INTO t (x) VALUES (?1)"
            for value in 0..<3 { try direct.run(insert, [.integer(value)]) }
            // SQLITE_STMTSTATUS_REPREPARE is readable, and rebinding did not prepare it again.
            #expect(direct.timesReprepared(insert) == 0)
        }
    }

    @Test("the send window's kept upsert: a new key or an expired window changes a row, an open window none")
    func windowClaimChangedRows() async throws {
        try await Self.withConnection { _, direct in
            try direct.execute("CREATE TABLE email_send_windows (address_key TEXT PRIMARY KEY, last_sent_at BIGINT NOT NULL)")
            let claim = SendWindowClaim.singleRow(window: 60)
            func opened(_ key: String, atSecond second: Int) throws -> Bool {
                try direct.run(claim, [.text(key), .integer(second * 1_000_000)])
                return direct.changedRows == 1
            }
            #expect(try opened("a", atSecond: 100))
            #expect(try !opened("a", atSecond: 159))
            #expect(try opened("b", atSecond: 159))
            #expect(try opened("a", atSecond: 160))
            var lastSent: [String: Int64] = [:]
            try direct.run("SELECT address_key, last_sent_at FROM email_send_windows", []) { row in
                lastSent[row.text(0) ?? ""] = row.integer(1)
            }
            #expect(lastSent == ["a": 160_000_000, "b": 159_000_000])
        }
    }

    @Test("text is bound byte for byte: ASCII, multi-byte characters, the empty string")
    func textBinds() async throws {
        try await Self.withConnection { _, direct in
            let texts = ["ada@example.com", "zoë@exämple.com 🔐", "", String(repeating: "x", count: 5_000)]
            for text in texts {
                var back: String?
                var length: Int64?
                try direct.run("SELECT ?1, length(CAST(?1 AS BLOB))", [.text(text)]) { row in
                    back = row.text(0)
                    length = row.integer(1)
                }
                #expect(back == text)
                #expect(length == Int64(text.utf8.count))
            }
        }
    }
}
