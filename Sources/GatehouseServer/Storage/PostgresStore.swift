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
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle

/// PostgreSQL, for several instances sharing one database. `PostgresClient` is a pool that does
/// nothing until its `run()` is running, so the application runs it as a service.
public final class PostgresStore: SQLStore, Service {
    public let engine = SQLEngine.postgres
    let client: PostgresClient
    /// Each unit of work's wait for a connection (`gatehouse_db_pool_wait_seconds`), when metrics are kept.
    private let poolWaits: DatabasePoolWaits?

    public convenience init(url: String, logger: Logger) throws {
        try self.init(url: url, poolSize: ServerSettings.databasePoolSize.defaultValue, logger: logger, metrics: nil)
    }

    /// The same with `poolSize` connections, recording into `metrics` how long each unit of work
    /// waits for one.
    init(url: String, poolSize: Int, logger: Logger, metrics: GatehouseMetrics?) throws {
        guard let components = URLComponents(string: url),
            ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty,
            let user = components.user
        else { throw PostgresStoreError.unsupportedURL }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let tls = try PostgresTLS(url: url).clientTLS()
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database,
            tls: tls
        )
        // A fixed pool (`GATEHOUSE_DATABASE_POOL_SIZE` connections, opened at start and kept).
        // PostgresNIO schedules an idle timer each time a connection above the minimum goes back
        // to the pool and cancels it at the next lease, and a cancelled timer's sleep still holds
        // a task and a dispatch timer until its deadline: with an elastic pool, memory grew with
        // the release rate times the idle timeout (Benchmarks/PROFILE.md, "PostgreSQL's memory").
        // Connections at the minimum get no idle timer, and no keep-alive either: its timer
        // would churn the same way.
        configuration.options.minimumConnections = poolSize
        configuration.options.maximumConnections = poolSize
        configuration.options.keepAliveBehavior = nil
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.poolWaits = metrics?.databasePoolWaits(.postgres, pooledReads: true)
    }

    public func run() async throws {
        await client.run()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withConnection(.read) { connection in
            try await body(PostgresConnectionSQL(connection))
        }
    }

    /// A transaction PostgreSQL aborts for a deadlock or a serialization failure runs again
    /// (`PostgresConflictRetry`).
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await PostgresConflictRetry.run {
            try await withConnection(.write) { connection in
                try await inTransaction(PostgresConnectionSQL(connection), body)
            }
        }
    }

    public func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withConnection(.write) { connection in
            try await body(PostgresConnectionSQL(connection))
        }
    }

    /// A connection of the pool for `body`, its wait recorded from the call to the lease. `body`
    /// runs on the connection's event loop, which serves other connections too: it must not
    /// block, nor compute for long (hashing a password, say) before it returns.
    private func withConnection<T: Sendable>(
        _ kind: DatabasePoolWaits.Kind, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let asked = ContinuousClock.now
        return try await client.withConnection { connection in
            poolWaits?.record(kind, since: asked)
            // On the connection's event loop, where its reads and writes happen: a statement is
            // then written, and its rows handed back, without waking another thread each way.
            return try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) { try await body(connection) }
        }
    }

    public func shutdown() async {}
}

enum PostgresStoreError: Error, CustomStringConvertible {
    case unsupportedURL
    var description: String { "GATEHOUSE_DATABASE_URL must be postgres://user:password@host:port/database" }
}
