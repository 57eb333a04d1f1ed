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
/// few dozen statements over and over, and preparing each anew was a large share of a
/// `/recover` (Benchmarks/PROFILE.md).
public struct SQLiteDirectDatabase: SQLiteRowsDatabase {
    public let connection: SQLiteDirectConnection
    public let logger: Logger
    public let eventLoop: any EventLoop

    public init(connection: SQLiteDirectConnection, logger: Logger, eventLoop: any EventLoop) {
        self.connection = connection
        self.logger = logger
        self.eventLoop = eventLoop
    }

    /// Runs `body` on the connection in one hop to the thread pool, for statements written
    /// against it directly. Only where this database's turn is already held (the writer inside a
    /// unit of work): it takes no lock of its own.
    public func withConnection<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        let connection = self.connection
        return try await NIOThreadPool.singleton.runIfActive { try body(connection) }
    }

    /// Runs `query` in one hop to the thread pool and returns its rows, read there (as SQLiteNIO
    /// does) so that the connection is free again before SQLKit decodes them.
    public func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
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

/// SQLKit's view of a database whose statements return their rows whole (`rows`): the dialect,
/// and SQLKit's two ways of running a statement, handing it the rows after.
public protocol SQLiteRowsDatabase: SQLDatabase {
    func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow]
}

extension SQLiteRowsDatabase {
    public var dialect: any SQLDialect { SQLiteDialect() }
    public var queryLogLevel: Logger.Level? { nil }

    public func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    public func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        for row in try await rows(query) { onRow(row) }
    }
}
