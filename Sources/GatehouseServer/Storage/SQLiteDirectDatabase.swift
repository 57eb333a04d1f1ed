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

import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import Synchronization
import VaporCSQLite

/// SQLKit's view of `SQLiteDirectConnection`: the repositories' writes run on it exactly as they
/// ran on SQLiteNIO's connection (SQLKit serializes, SQLiteKit's encoder binds, one hop to the
/// thread pool a statement), except that each statement stays prepared. The writer runs the same
/// few dozen statements over and over; preparing each anew was ~100,000 instructions a
/// `/recover` (Benchmarks/PROFILE.md).
struct SQLiteDirectDatabase: SQLiteRowsDatabase {
    let connection: SQLiteDirectConnection
    let logger: Logger
    let eventLoop: any EventLoop

    /// Runs `body` on the connection in one hop to the thread pool, for statements written
    /// against it directly. Only where this database's turn is already held (the writer inside a
    /// unit of work): it takes no lock of its own.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        let connection = self.connection
        return try await NIOThreadPool.singleton.runIfActive { try body(connection) }
    }

    /// Runs `query` in one hop to the thread pool and returns its rows, read there (as SQLiteNIO
    /// does) so that the connection is free again before SQLKit decodes them.
    func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        let values = try binds.map { try encoder.encode($0) }
        return try await withConnection { connection -> [SQLiteDirectRow] in
            var rows: [SQLiteDirectRow] = []
            var columns: SQLiteDirectRow.Columns?
            try connection.run(sql, values) { row in
                let names = columns ?? connection.columns(of: row)
                columns = names
                rows.append(SQLiteDirectRow(columns: names, values: row.values()))
            }
            return rows
        }
    }
}

/// SQLite's readers as one `SQLDatabase`: each statement borrows a free reader for its hop to
/// the thread pool only, so a read's own work between statements (decoding rows, the next
/// query's building) never keeps a reader from another request. Reads are autocommit statements
/// each, as they were on SQLiteNIO's readers, so nothing depends on two sharing a connection.
struct SQLiteReaderPoolDatabase: SQLiteRowsDatabase {
    let readers: AsyncResourcePool<SQLiteDirectDatabase>
    let logger: Logger
    let eventLoop: any EventLoop

    func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
        try await readers.withResource { try await $0.rows(query) }
    }
}

/// SQLKit's view of a database whose statements return their rows whole (`rows`): the dialect,
/// and SQLKit's two ways of running a statement, handing it the rows after.
protocol SQLiteRowsDatabase: SQLDatabase {
    func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow]
}

extension SQLiteRowsDatabase {
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        for row in try await rows(query) { onRow(row) }
    }
}

/// One row read by `SQLiteDirectDatabase`, decoded as SQLiteKit decodes SQLiteNIO's rows.
struct SQLiteDirectRow: SQLRow {
    /// A statement's column names and their positions, shared by its rows (and kept with the
    /// statement: `SQLiteDirectConnection.columns(of:)`).
    final class Columns: Sendable {
        let names: [String]
        /// Each name's `fingerprint`, to compare numbers while looking (comparing two different
        /// short strings takes Swift's general comparison, ~350 instructions).
        private let fingerprints: [UInt64]
        /// Each name's first position; only looked at when two columns share a name.
        private let positions: [String: Int]?
        /// Where the last name was found, plus one. Rows are read column after column, often in
        /// the statement's order, so the next name is usually there. Only a hint: any value gives
        /// the right answer, so a relaxed atomic shared by readers is enough.
        private let next = Atomic(0)

        init(_ names: [String]) {
            self.names = names
            fingerprints = names.map(Self.fingerprint)
            let positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            self.positions = positions.count < names.count ? positions : nil
        }

        /// The position of the column named `name` (the first, if several are): instead of
        /// hashing the name for a dictionary (~500 instructions; a refresh reads 64 columns).
        func position(of name: String) -> Int? {
            if let positions { return positions[name] }
            let wanted = Self.fingerprint(name)
            let count = names.count
            var index = next.load(ordering: .relaxed)
            for _ in 0..<count {
                if index >= count { index = 0 }
                if fingerprints[index] == wanted, names[index] == name {
                    next.store(index + 1, ordering: .relaxed)
                    return index
                }
                index += 1
            }
            return nil
        }

        /// FNV-1a of the name's UTF-8: equal names give equal numbers (different ones rarely do).
        private static func fingerprint(_ name: String) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.position(of: column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let position = columns.position(of: column) else { return true }
        return values[position] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let position = columns.position(of: column) else {
            throw SQLiteDirectError(code: SQLITE_ERROR, message: "no column \(column)")
        }
        let value = values[position]
        // Text, whole numbers and NULL, as most columns are read, without `Codable`'s decoder
        // (~2,500 instructions a column, a user row has 25); anything else goes through it.
        if let reading = SQLiteSimpleColumn(D.self), reading.accepts(value) { return reading.read(value, as: D.self) }
        return try SQLiteDataDecoder().decode(D.self, from: value)
    }
}
