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

@testable import GatehouseSQLite
@testable import GatehouseServer

/// SQLite's direct writer connection: statements kept prepared across batches, a batch in one
/// transaction that a failure rolls back whole, errors that leave the connection usable.
@Suite struct SQLiteDirectConnectionTests {
    @Test func statementsAreReusedWithFreshBindingsAndRowsComeBack() async throws {
        try await withTable { store in
            for index in 0..<5 {
                try await store.writeDirect {
                    try $0.run(
                        "INSERT INTO items (id, name, size) VALUES (?1, ?2, ?3)",
                        [.integer(index), .text("item \(index)"), index == 2 ? .null : .integer(index * 10)])
                }
            }
            let rows = try await store.writeDirect { connection -> [String] in
                var rows: [String] = []
                try connection.run("SELECT name, size FROM items WHERE id >= ?1 ORDER BY id", [.integer(1)]) {
                    rows.append("\($0.text(0) ?? "-") \($0.integer(1).map(String.init) ?? "null")")
                }
                return rows
            }
            #expect(rows == ["item 1 10", "item 2 null", "item 3 30", "item 4 40"])
            // The other connections see what it committed.
            let count = try await store.read {
                try await $0.raw("SELECT COUNT(*) AS n FROM items").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == 5)
        }
    }

    @Test func aFailingBatchLeavesNothingAndTheConnectionWorksAfter() async throws {
        try await withTable { store in
            try await store.writeDirect { try $0.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(1), .text("first")]) }
            await #expect(throws: SQLiteDirectError.self) {
                try await store.writeDirect { connection in
                    try connection.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(2), .text("second")])
                    // The primary key again: the statement fails, and with it the whole batch.
                    try connection.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(1), .text("again")])
                }
            }
            do {
                try await store.writeDirect { connection in
                    try connection.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(1), .text("again")])
                }
                Issue.record("the duplicate key was accepted")
            } catch let error as SQLiteDirectError {
                #expect(error.message.contains("UNIQUE constraint failed"), "\(error)")
            }
            // Same statement, after its failure, with other values.
            try await store.writeDirect { try $0.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(3), .text("third")]) }
            let names = try await store.read {
                try await $0.raw("SELECT name FROM items ORDER BY id").all().map { try $0.decode(column: "name", as: String.self) }
            }
            #expect(names == ["first", "third"])
        }
    }

    @Test func anUnpreparableStatementIsAnError() async throws {
        try await withTable { store in
            await #expect(throws: SQLiteDirectError.self) {
                try await store.writeDirect { try $0.run("INSERT INTO missing (id) VALUES (?1)", [.integer(1)]) }
            }
        }
    }

    /// SQLite would prepare a statement again at each rebinding when its plan could depend on the
    /// bound value (a LIMIT, a view's terms); the connection turns that off, so a kept statement
    /// stays the one prepared, whatever the values.
    @Test func keptStatementsAreNotPreparedAgainWhenRebound() async throws {
        try await withTable { store in
            let sql = "SELECT name FROM items WHERE id >= ?1 ORDER BY id LIMIT ?2"
            try await store.writeDirect { connection in
                for index in 0..<3 {
                    try connection.run("INSERT INTO items (id, name) VALUES (?1, ?2)", [.integer(index), .text("item \(index)")])
                }
            }
            let (names, reprepared) = try await store.writeDirect { connection -> ([String], Int32?) in
                var names: [String] = []
                for limit in 1...3 {
                    try connection.run(sql, [.integer(0), .integer(limit)]) { names.append($0.text(0) ?? "-") }
                }
                return (names, connection.timesReprepared(sql))
            }
            #expect(names == ["item 0", "item 0", "item 1", "item 0", "item 1", "item 2"])
            #expect(reprepared == 0)
        }
    }

    /// Column names are kept with each statement; a schema change that SQLite answers by
    /// preparing the statement again must show in them, even when the count stays the same.
    @Test func keptColumnNamesFollowSchemaChanges() async throws {
        try await withTable { store in
            func columns() async throws -> [String] {
                try await store.writeStatement { database in
                    try await database.raw("INSERT OR REPLACE INTO items (id, name) VALUES (1, 'one')").run()
                    return try await database.raw("SELECT * FROM items").first()?.allColumns ?? []
                }
            }
            #expect(try await columns() == ["id", "name", "size"])
            #expect(try await columns() == ["id", "name", "size"])
            try await store.writeStatement { try await $0.raw("ALTER TABLE items RENAME COLUMN size TO weight").run() }
            #expect(try await columns() == ["id", "name", "weight"])
            try await store.writeStatement { try await $0.raw("ALTER TABLE items ADD COLUMN colour TEXT").run() }
            #expect(try await columns() == ["id", "name", "weight", "colour"])
            let colour = try await store.writeStatement { database in
                try await database.raw("SELECT * FROM items").first()?.decodeNil(column: "colour")
            }
            #expect(colour == true)
        }
    }

    private func withTable(_ body: (SQLiteStore) async throws -> Void) async throws {
        try await withTemporarySQLiteStore(migrated: false) { store in
            try await store.writeStatement {
                try await $0.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER)").run()
            }
            try await body(store)
        }
    }
}
