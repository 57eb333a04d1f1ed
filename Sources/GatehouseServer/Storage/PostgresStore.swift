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

    /// The pool's size, per instance.
    static let maximumConnections = 16

    public convenience init(url: String, logger: Logger) throws {
        try self.init(url: url, logger: logger, metrics: nil)
    }

    /// The same, recording into `metrics` how long each unit of work waits for a connection.
    init(url: String, logger: Logger, metrics: GatehouseMetrics?) throws {
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
        configuration.options.maximumConnections = Self.maximumConnections
        // The pool keeps no connection at its minimum, so one left idle for a minute is closed. A
        // keep-alive query every 30 s would only ping it once first, and its timer, scheduled at
        // every release and cancelled at every lease, cost 5-7 % of a refresh's CPU.
        configuration.options.minimumConnections = 0
        configuration.options.connectionIdleTimeout = .seconds(60)
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

    /// A connection of the pool for `body`, its wait recorded from the call to the lease.
    private func withConnection<T: Sendable>(
        _ kind: DatabasePoolWaits.Kind, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let asked = ContinuousClock.now
        return try await client.withConnection { connection in
            poolWaits?.record(kind, since: asked)
            return try await body(connection)
        }
    }

    public func shutdown() async {}
}

enum PostgresStoreError: Error, CustomStringConvertible {
    case unsupportedURL
    var description: String { "GATEHOUSE_DATABASE_URL must be postgres://user:password@host:port/database" }
}
