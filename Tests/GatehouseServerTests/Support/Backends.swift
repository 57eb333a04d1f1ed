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
import PostgresNIO
import SQLKit
import Testing

@testable import GatehouseServer

/// The storage engines every server test runs on: SQLite always, PostgreSQL when
/// `GATEHOUSE_TEST_POSTGRES_URL` names a server (`scripts/postgres.sh start` prints one).
enum Backend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static let postgresURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["GATEHOUSE_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// The argument list of parameterized server tests.
    static let all: [Backend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// A database that exists for one test: a file in a fresh temporary folder, or a PostgreSQL
/// database with a unique name on the server of `GATEHOUSE_TEST_POSTGRES_URL`. `drop()` removes it.
struct ScratchDatabase: Sendable {
    let url: String
    private let cleanup: @Sendable () async -> Void

    static func make(_ backend: Backend) async throws -> ScratchDatabase {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-test-\(UUID().uuidString.lowercased())").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return ScratchDatabase(url: "sqlite://\(directory)/db.sqlite") {
                try? FileManager.default.removeItem(atPath: directory)
            }
        case .postgres:
            let serverURL = try #require(Backend.postgresURL, "GATEHOUSE_TEST_POSTGRES_URL is not set")
            let name = "gatehouse_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await PostgresAdmin.execute("CREATE DATABASE \(name)", serverURL: serverURL)
            var components = try #require(URLComponents(string: serverURL))
            components.path = "/" + name
            let url = try #require(components.string)
            return ScratchDatabase(url: url) {
                // FORCE: the app's pool may still be closing its connections.
                try? await PostgresAdmin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", serverURL: serverURL)
            }
        }
    }

    private init(url: String, cleanup: @escaping @Sendable () async -> Void) {
        self.url = url
        self.cleanup = cleanup
    }

    func drop() async { await cleanup() }

    /// Runs `body` with a store of its own on the database (its pool running), beside or after an
    /// app that uses it, as another instance would; the store is shut down afterwards.
    func withStore<T: Sendable>(_ body: (any SQLStore) async throws -> T) async throws -> T {
        let store = try await openStore(
            configuration: TestServer.configuration(databaseURL: url), logger: Logger(label: "gatehouse-tests.scratch-store"))
        // PostgreSQL's pool works only while its `run()` runs.
        let pool = Task { _ = try? await store.connectionService?.run() }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(store))
        } catch {
            outcome = .failure(error)
        }
        pool.cancel()
        await pool.value
        await store.shutdown()
        return try outcome.get()
    }

    /// `withStore` on the migrated schema, with the store's unit of work (`Store`) beside it.
    func withMigratedStore<T: Sendable>(_ body: (any SQLStore, Store) async throws -> T) async throws -> T {
        try await withStore { store in
            let logger = Logger(label: "gatehouse-tests.scratch-store")
            try await Migrations.apply(to: store, logger: logger)
            return try await body(store, Store(sql: store, logger: logger))
        }
    }

    /// Reads the database with a store of its own, after (or beside) an app that wrote it.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withStore { try await $0.read(body) }
    }
}

/// Administrative statements on the database named in `serverURL`, each on a connection of its own.
enum PostgresAdmin {
    static let logger = Logger(label: "gatehouse-tests.postgres")

    static func execute(_ sql: String, serverURL: String) async throws {
        try await withConnection(serverURL) { try await $0.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
    }

    /// The integer the first column of `sql`'s first row holds.
    static func integer(_ sql: String, serverURL: String) async throws -> Int {
        try await withConnection(serverURL) { connection in
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self) {
                return value
            }
            throw PostgresAdminNoRow(sql: sql)
        }
    }

    private static func withConnection<T>(_ serverURL: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let components = try #require(URLComponents(string: serverURL))
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let configuration = PostgresConnection.Configuration(
            host: try #require(components.host), port: components.port ?? 5432,
            username: try #require(components.user), password: components.password,
            database: database.isEmpty ? nil : database, tls: .disable
        )
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

struct PostgresAdminNoRow: Error {
    let sql: String
}
