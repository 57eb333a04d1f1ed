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
import PostgresKit
import PostgresNIO
import SQLKit

/// A leased PostgreSQL connection as SQLKit's database, which can also run a statement kept
/// prepared on that connection.
///
/// SQLKit sends every query as an unnamed statement, which PostgreSQL parses and plans again on
/// each execution. For the hot reads that plan is most of the database's work (the session with
/// its user and factors is a four-table join), so those few statements are prepared once per
/// connection under a name (`PostgresKeptStatement`) and only bound and executed after that.
///
/// Nothing more is sent once the connection's session has ended (`PostgresSessionGuard`).
struct PostgresConnectionSQL: SQLDatabase {
    let connection: PostgresConnection
    private let base: any SQLDatabase
    private let session = PostgresSessionGuard()

    init(_ connection: PostgresConnection) {
        self.connection = connection
        self.base = connection.sql(queryLogLevel: nil)
    }

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try session.check(connection)
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let session = session
        return base.execute(sql: query, onRow).flatMapErrorThrowing { error in
            session.note(error)
            throw error
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await session.send(on: connection) { try await base.execute(sql: query, onRow) }
    }

    /// Every row of a kept statement, as PostgresKit's SQLKit rows (those of `connection.sql()`).
    func rows<Statement: PostgresKeptStatement>(_ statement: Statement) async throws -> [any SQLRow] {
        try await session.send(on: connection) {
            var rows: [any SQLRow] = []
            for try await row in try await connection.execute(statement, logger: connection.logger) {
                rows.append(row.sql())
            }
            return rows
        }
    }

    /// Runs a statement unnamed, without reading rows: parsed and planned for this execution,
    /// for a statement whose best plan turns on the values it is sent.
    func run(_ query: PostgresQuery) async throws {
        try await session.send(on: connection) {
            for try await _ in try await connection.query(query, logger: connection.logger) {}
        }
    }
}

/// A statement PostgreSQL keeps prepared per connection (its type's name is the statement's
/// name), whose rows are read as SQLKit rows.
protocol PostgresKeptStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension PostgresKeptStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension SQLDatabase {
    /// This database as a PostgreSQL connection that runs kept statements, for the statements
    /// only PostgreSQL has; anything else is a programming error, thrown as one.
    func postgresConnection() throws -> PostgresConnectionSQL {
        guard let postgres = self as? PostgresConnectionSQL else { throw PostgresOnlyStatementError() }
        return postgres
    }
}

/// A statement only PostgreSQL runs was asked of another engine.
struct PostgresOnlyStatementError: Error {}
