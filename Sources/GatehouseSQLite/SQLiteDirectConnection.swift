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

import CGatehouseSQLite
import NIOCore
import NIOPosix
import SQLiteNIO
import VaporCSQLite

/// A connection of `SQLiteStore` (its writer and its readers), driven through the C API
/// directly: every statement it runs stays prepared for the next time, and a batch of statements
/// can run in one call, in one transaction (`SQLiteStore.writeDirect`).
///
/// SQLiteNIO (under SQLKit) prepares and finalizes each statement and hops to its thread pool and
/// back for each one; on the `/recover` path that was a tenth of a request's work and, worse, the
/// writer's turn was a chain of hops that other requests queued behind (Benchmarks/PROFILE.md).
/// SQLiteNIO links the same SQLite (`VaporCSQLite`), so there is one library in the process:
/// two copies would each keep their own table of POSIX locks and stop seeing each other's
/// (VendoredSQLiteTests).
///
/// Preparing was also the largest single cost of a token refresh's two reads (the session query
/// reads a view, which SQLite expands each time).
///
/// Not thread-safe by itself: `SQLiteStore` runs the writer only under its write lock and lends
/// each reader to one holder at a time, which is what makes the `@unchecked Sendable` true.
public final class SQLiteDirectConnection: @unchecked Sendable {
    private(set) var handle: OpaquePointer?
    /// Prepared statements by their SQL text, kept until the connection closes.
    private var statements: [String: OpaquePointer] = [:]
    /// Each kept statement's column names, with how many times SQLite had prepared it again
    /// when they were read (`columns(of:)`).
    private var columnSets: [OpaquePointer: (columns: RowColumns, preparations: Int32)] = [:]
    /// More distinct statements than this (multi-row statements differ by their row count) and
    /// the kept ones are let go, so an unusual run of shapes cannot grow the cache without bound.
    public static let statementLimit = 512

    /// Each connection's page cache, in KiB (SQLite's default is 2,000). A reader's cache is
    /// emptied whenever another connection has written, so under a write load it rarely holds
    /// more than one request's pages; the writer's serves the indexes' upper pages, which fit.
    /// Full caches on every connection held megabytes of the server's memory after a load and
    /// bought no throughput (Benchmarks/PROFILE.md, "Memory at rest after a load").
    public static let pageCacheKiB = 512

    /// What a connection is opened for.
    public enum Role: Sendable {
        /// Creates the file if need be and puts it in WAL mode.
        case writer
        /// Opened after the writer; WAL lets it read beside the writer.
        case reader
    }

    /// Opens the database at `path` (for the writer, creating it in WAL mode).
    public static func open(path: String, role: Role = .writer) throws -> SQLiteDirectConnection {
        let connection = SQLiteDirectConnection()
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &connection.handle, flags, try gatheringVFSName())
        guard status == SQLITE_OK else {
            let error = connection.error(status)
            connection.close()
            throw error
        }
        do {
            // One plan per statement whatever its bound values: otherwise SQLite marks statements
            // whose plan might depend on a value (the session view's lookup, the MFA factor list,
            // a LIMIT) to be prepared again at every rebinding, two full prepares a refresh.
            let qpsg = gatehouse_sqlite3_enable_qpsg(connection.handle)
            guard qpsg == SQLITE_OK else { throw connection.error(qpsg) }
            // Wait rather than fail if another process (an admin command) holds the lock.
            try connection.execute("PRAGMA busy_timeout = 5000")
            try connection.execute("PRAGMA foreign_keys = ON")
            try connection.execute("PRAGMA cache_size = -\(pageCacheKiB)")
            guard role == .writer else { return connection }
            // WAL lets readers run beside the writer; NORMAL sync keeps commits durable across a
            // process crash (the WAL is synced at checkpoints) at a fraction of FULL's cost.
            try connection.execute("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = NORMAL")
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    private init() {}

    /// The VFS every connection opens its files through: SQLite's default, but with the frames
    /// a transaction appends to the WAL written as one write rather than two a frame
    /// (`gatehouse_wal_vfs.c`). Registered once per process.
    static func gatheringVFSName() throws -> String {
        let status = gatehouse_sqlite3_register_wal_vfs()
        guard status == SQLITE_OK else { throw SQLiteDirectError(code: status, message: "registering the WAL-gathering VFS failed") }
        return GATEHOUSE_WAL_VFS_NAME
    }

    /// The linked SQLite's version number (3.45.1 is 3045001): the one copy SQLiteNIO links too.
    public static var libraryVersion: Int32 { sqlite_nio_sqlite3_libversion_number() }

    /// Runs SQL without bound values or rows (BEGIN, COMMIT, PRAGMA).
    public func execute(_ sql: String) throws {
        let status = sqlite_nio_sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Runs `body` between BEGIN IMMEDIATE and COMMIT, rolling back if it throws.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs the statement `sql` with `values` bound in order, handing each row it returns to
    /// `row` (columns by index). The statement is prepared once and reused.
    public func run(_ sql: String, _ values: [SQLiteData], row: (Row) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let status = bind(value, at: Int32(index + 1), to: statement)
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: try row(Row(statement: statement))
            case SQLITE_DONE: return
            default: throw error(status)
            }
        }
    }

    /// The rows the last INSERT, UPDATE or DELETE run on this connection changed: an upsert
    /// whose DO UPDATE was refused by its WHERE changed none. Read instead of a RETURNING clause
    /// where only whether a row was written matters: SQLite gathers a RETURNING statement's rows
    /// in a temporary table of its own, opened and dropped at every run.
    public var changedRows: Int { Int(sqlite_nio_sqlite3_changes64(handle)) }

    /// The column names of `row`'s statement, read once per kept statement rather than at every
    /// run (building their strings and index was a visible share of a refresh). Read again when SQLite
    /// has prepared the statement again: a schema change may change what `SELECT *` returns.
    public func columns(of row: Row) -> RowColumns {
        let preparations = sqlite_nio_sqlite3_stmt_status(row.statement, SQLITE_STMTSTATUS_REPREPARE, 0)
        if let kept = columnSets[row.statement], kept.preparations == preparations { return kept.columns }
        let columns = RowColumns(row.columnNames())
        columnSets[row.statement] = (columns, preparations)
        return columns
    }

    /// How many times SQLite has prepared the kept statement `sql` again (nil when none is
    /// kept): 0 is what keeping statements is for.
    public func timesReprepared(_ sql: String) -> Int32? {
        statements[sql].map { sqlite_nio_sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0) }
    }

    /// Finalizes the statements and closes the connection. Idempotent.
    public func close() {
        forgetStatements()
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    deinit { close() }

    /// One row of a running statement, valid only inside the `row` callback.
    public struct Row {
        fileprivate let statement: OpaquePointer

        public func text(_ column: Int32) -> String? {
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return nil }
            return String(cString: text)
        }

        public func integer(_ column: Int32) -> Int64? {
            sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite_nio_sqlite3_column_int64(statement, column)
        }

        public func columnNames() -> [String] {
            (0..<sqlite_nio_sqlite3_column_count(statement)).map { column in
                sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
            }
        }

        /// Every column's value, typed as SQLiteNIO types them.
        public func values() -> [SQLiteData] {
            (0..<sqlite_nio_sqlite3_column_count(statement)).map { column in
                switch sqlite_nio_sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: .float(sqlite_nio_sqlite3_column_double(statement, column))
                case SQLITE_TEXT: text(column).map { .text($0) } ?? .null
                case SQLITE_BLOB:
                    .blob(
                        ByteBuffer(
                            bytes: UnsafeRawBufferPointer(
                                start: sqlite_nio_sqlite3_column_blob(statement, column),
                                count: Int(sqlite_nio_sqlite3_column_bytes(statement, column)))))
                default: .null
                }
            }
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        if statements.count >= Self.statementLimit { forgetStatements() }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    /// Finalizes every kept statement and forgets it with its column names.
    private func forgetStatements() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements = [:]
        columnSets = [:]
    }

    private func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let value): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(value))
        case .float(let value): sqlite_nio_sqlite3_bind_double(statement, index, value)
        case .text(let value):
            // A native string's bytes, borrowed for the call (SQLite copies them): the implicit
            // conversion to a C string copied them into an array of their own first.
            value.withCString {
                sqlite_nio_sqlite3_bind_text64(statement, index, $0, UInt64(value.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
            }
        case .blob(let value):
            value.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transientDestructor)
            }
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    func error(_ status: Int32) -> SQLiteDirectError {
        let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
        return SQLiteDirectError(code: status, message: message)
    }
}

/// A failure of `SQLiteDirectConnection`: SQLite's extended result code and message.
public struct SQLiteDirectError: Error, CustomStringConvertible {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "SQLite error \(code): \(message)" }
}

/// SQLite copies a value bound with this destructor before the bind returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
