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
import Logging
import NIOPosix
import SQLKit
import SQLiteKit

/// A Gatehouse SQLite database as a file: an online copy of it, and what a file claims to be
/// before it replaces one (`gatehouse backup` and `gatehouse restore`).
enum SQLiteDatabaseFile {
    /// What `inspect` found in a file.
    struct Inspection: Sendable {
        /// The newest migration applied to it.
        let schemaVersion: Int
        let users: Int
        let bytes: Int64
    }

    enum InspectionError: Error, CustomStringConvertible {
        case notSQLite(String)
        case notGatehouse
        case damaged(String)

        var description: String {
            switch self {
            case .notSQLite(let detail): "it is not an SQLite database (\(detail))"
            case .notGatehouse: "it is an SQLite database but not a Gatehouse one (no schema_migrations or users table)"
            case .damaged(let detail): "its integrity check failed: \(detail)"
            }
        }
    }

    /// Writes a consistent copy of the database at `source` to `destination` (absent or an
    /// empty file) with `VACUUM INTO`, on a connection of its own: in WAL mode it reads one
    /// snapshot while the server goes on writing, and the copy is compact and has no WAL.
    /// `progress` is told the bytes written so far and the bytes expected, about twice a second.
    static func copy(
        from source: String, to destination: String, logger: Logger,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws {
        try await withConnection(source, logger: logger) { database in
            let expected = try await usedBytes(database)
            let quoted = "'" + destination.replacingOccurrences(of: "'", with: "''") + "'"
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        progress(fileSize(destination), expected)
                        try await Task.sleep(for: .milliseconds(500))
                    }
                }
                defer { group.cancelAll() }
                try await database.raw(SQLQueryString("VACUUM INTO " + quoted)).run()
            }
            progress(fileSize(destination), fileSize(destination))
        }
    }

    /// Opens `path` and checks that it is a sound Gatehouse database: SQLite's integrity check,
    /// the migrations table and the users table.
    static func inspect(_ path: String, logger: Logger) async throws -> Inspection {
        try await withConnection(path, logger: logger) { database in
            let tables: [String]
            do {
                tables = try await database.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                    .map { try $0.decode(column: "name", as: String.self) }
            } catch {
                throw InspectionError.notSQLite("\(error)")
            }
            guard tables.contains("schema_migrations"), tables.contains("users") else { throw InspectionError.notGatehouse }
            let check = try await database.raw("PRAGMA quick_check").all().map { try $0.decode(column: "quick_check", as: String.self) }
            guard check == ["ok"] else { throw InspectionError.damaged(check.prefix(3).joined(separator: "; ")) }
            let version = try await database.raw("SELECT MAX(version) AS version FROM schema_migrations").first()?
                .decode(column: "version", as: Int?.self)
            let users = try await database.raw("SELECT COUNT(*) AS total FROM users").first()?.decode(column: "total", as: Int.self)
            return Inspection(schemaVersion: version ?? 0, users: users ?? 0, bytes: fileSize(path))
        }
    }

    /// The newest schema version this build knows (`Migrations.all`).
    static var knownSchemaVersion: Int { Migrations.all.map(\.version).max() ?? 0 }

    static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    /// The bytes of the pages in use (the size of a `VACUUM INTO` copy, near enough).
    private static func usedBytes(_ database: any SQLDatabase) async throws -> Int64 {
        let pages = try await database.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int64.self) ?? 0
        let free = try await database.raw("PRAGMA freelist_count").first()?.decode(column: "freelist_count", as: Int64.self) ?? 0
        let size = try await database.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int64.self) ?? 4096
        return max(0, pages - free) * size
    }

    /// A connection to an existing file (never creates one), closed afterwards.
    private static func withConnection<T: Sendable>(
        _ path: String, logger: Logger, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        guard FileManager.default.fileExists(atPath: path) else { throw CocoaError(.fileNoSuchFile) }
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: .singleton, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any()
        )
        do {
            let database = connection.sql(queryLogLevel: nil)
            try await database.raw("PRAGMA busy_timeout = 5000").run()
            let result = try await body(database)
            await connection.closeEvenIfCancelled()
            return result
        } catch {
            await connection.closeEvenIfCancelled()
            throw error
        }
    }
}
