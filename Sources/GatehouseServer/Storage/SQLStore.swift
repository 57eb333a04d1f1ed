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
import SQLKit

/// The one SQL code path over SQLite and PostgreSQL.
///
/// `read` runs statements that need no atomicity; `write` runs a closure inside one transaction
/// and commits it, or rolls it back when the closure throws. Repositories only ever see
/// `any SQLDatabase`, so the same SQLKit code runs on both engines.
public protocol SQLStore: Sendable {
    var engine: SQLEngine { get }
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs one self-contained write statement without BEGIN/COMMIT around it (a single statement
    /// is atomic on its own): a third of the round trips on the hot refresh path.
    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Closes connections. Called once, after the server has stopped.
    func shutdown() async
}

public enum SQLEngine: String, Sendable {
    case sqlite
    case postgres
}

extension SQLDatabase {
    /// The engine behind a connection, for the few statements written per engine.
    var engine: SQLEngine { dialect.name == "postgresql" ? .postgres : .sqlite }
}

/// Runs `body` between BEGIN and COMMIT on one connection, rolling back on error.
func inTransaction<T: Sendable>(
    _ database: any SQLDatabase, begin: String = "BEGIN",
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
) async throws -> T {
    try await database.raw(SQLQueryString(begin)).run()
    do {
        let result = try await body(database)
        try await database.raw("COMMIT").run()
        return result
    } catch {
        try? await database.raw("ROLLBACK").run()
        throw error
    }
}
