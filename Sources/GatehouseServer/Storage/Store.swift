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

/// The services' way into storage: runs a unit of work (`UnitOfWork`) on the configured engine
/// with the access it needs, and turns an unexpected storage failure into a logged 500 that
/// reveals nothing of the query.
struct Store: Sendable {
    let sql: any SQLStore
    let logger: Logger
    /// PostgreSQL's refreshes that arrive together, in one statement (`readForRefresh`).
    let refreshAdvances: SessionRefreshAdvances

    init(sql: any SQLStore, logger: Logger) {
        self.sql = sql
        self.logger = logger
        self.refreshAdvances = SessionRefreshAdvances(sql: sql)
    }

    var engine: SQLEngine { sql.engine }

    /// How a unit of work uses the database.
    enum Access: Sendable {
        /// Reads that need no atomicity (a reader connection on SQLite).
        case read
        /// Writes between BEGIN and COMMIT, rolled back if the body throws.
        case transaction
        /// One self-contained write statement, atomic on its own: no BEGIN/COMMIT around it.
        case statement
    }

    /// Runs `body` with the given access. AuthErrors thrown inside pass through unchanged;
    /// any other failure is logged and answered as a 500.
    func run<T: Sendable>(
        _ access: Access = .read, _ body: @escaping @Sendable (UnitOfWork) async throws -> T
    ) async throws(AuthError) -> T {
        try await guarded { try await perform(access, body) }
    }

    /// `operation`'s result; AuthErrors pass through unchanged, any other failure is logged and
    /// answered as a 500.
    func guarded<T: Sendable>(_ operation: () async throws -> T) async throws(AuthError) -> T {
        do {
            return try await operation()
        } catch let error as AuthError {
            throw error
        } catch {
            logger.error("Storage failure", metadata: ["error": "\(String(reflecting: error))"])
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Database error")
        }
    }

    /// Runs `body` with the given access and lets any failure through as it is: for background
    /// work (the outbox worker, retention) that logs and retries on its own terms.
    func perform<T: Sendable>(
        _ access: Access = .read, _ body: @escaping @Sendable (UnitOfWork) async throws -> T
    ) async throws -> T {
        let engine = sql.engine
        switch access {
        case .read: return try await sql.read { try await body(UnitOfWork(database: $0, engine: engine)) }
        case .transaction: return try await sql.write { try await body(UnitOfWork(database: $0, engine: engine)) }
        case .statement: return try await sql.writeStatement { try await body(UnitOfWork(database: $0, engine: engine)) }
        }
    }
}
