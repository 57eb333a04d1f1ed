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
import SQLKit
import SQLiteKit
import Synchronization
import VaporCSQLite

/// SQLKit's view of `SQLiteDirectConnection`: the repositories' writes run on it exactly as they
/// ran on SQLiteNIO's connection (SQLKit serializes, SQLiteKit's encoder binds), except that each
/// statement stays prepared and runs on the calling thread (`withConnection`). The writer runs the same
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

    /// Runs `body` on the connection, on the calling thread. Only where this database's turn is
    /// already held (the writer inside a unit of work, a reader lent by the pool): it takes no
    /// lock of its own.
    ///
    /// Not on NIO's thread pool: these statements are indexed lookups and small batches, shorter
    /// than the two thread switches a hop there and back costs, and under load each switch waited
    /// for a core, so a token refresh's read and write were mostly waiting (Benchmarks/PROFILE.md,
    /// "SQLite on the calling thread"). The price is a Swift thread kept for the statement's
    /// length, as long as the hop kept a pool thread; at most one writer and one task per reader
    /// hold one at a time. Whoever lends the connection yields once it is back (`SQLiteStore`),
    /// so that a run of statements does not keep the thread from other tasks.
    public func withConnection<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        try body(connection)
    }

    /// Runs `query` and returns its rows, read whole (as SQLiteNIO does) so that the connection is
    /// free again before SQLKit decodes them.
    public func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        let values = try binds.map { try encoder.encode($0) }
        return try await withConnection { try $0.rows(sql, values) }
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
