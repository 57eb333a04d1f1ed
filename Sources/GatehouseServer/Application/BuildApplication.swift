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
import GatehouseCore
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the Gatehouse server from its configuration: storage, services, and the router of
/// `buildRouter` (Application/RouteTable.swift).
///
/// Migrations run before the server accepts connections; storage is closed after it stops.
public func buildApplication(configuration: ServerConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    try await buildApplication(configuration: configuration, logger: logger, clock: .system)
}

/// The same, reading the time from `now`, for tests in other modules (the SDK's live server):
/// they reach it through `@_spi(Testing) import GatehouseServer`.
@_spi(Testing)
public func buildApplication(
    configuration: ServerConfiguration, logger: Logger?, now: @escaping @Sendable () -> Timestamp
) async throws -> some ApplicationProtocol {
    try await buildApplication(configuration: configuration, logger: logger, clock: ServerClock(now))
}

/// The same, reading time from `clock`: tests of time limits (session time-box, inactivity)
/// move a manual clock instead of sleeping, so load on the machine cannot change their outcome.
func buildApplication(configuration: ServerConfiguration, logger: Logger?, clock: ServerClock) async throws -> some ApplicationProtocol {
    let logger = {
        var logger = logger ?? Logger(label: "gatehouse")
        logger.logLevel = configuration.logLevel
        return logger
    }()
    let metrics = GatehouseMetrics()
    let store = try await openStore(configuration: configuration, logger: logger, metrics: metrics)
    let environment = try await ServerEnvironment.live(
        configuration: configuration, store: store, logger: logger, clock: clock, metrics: metrics)
    let service = GatehouseServices(environment: environment)

    var services: [any Service] = []
    if let connection = store.connectionService { services.append(connection) }
    services.append(ShutdownService(store: store, hasher: environment.hasher))
    services.append(contentsOf: store.upkeepServices)
    // After the store in the list, so it stops first on shutdown (services stop in reverse).
    services.append(OutboxWorker(environment: environment, mail: service.mail))
    services.append(RetentionService(environment: environment))
    services.append(IdleMemoryTrimmer(logger: logger))

    let router = buildRouter(service: service)

    let timeouts = configuration.httpTimeouts
    var app = Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    RequestReadTimeoutHandler(
                        headerTimeout: .seconds(Int64(timeouts.header)), readTimeout: .seconds(Int64(timeouts.read))
                    )
                ],
                idleTimeout: .seconds(Int64(timeouts.idle))
            )),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Gatehouse"),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            logger.notice(
                "Gatehouse is serving",
                metadata: [
                    "url": "http://\(configuration.host):\(port)", "database": "\(store.engine.rawValue)",
                    "environment": "\(configuration.environment.rawValue)",
                ])
        },
        logger: logger
    )
    app.beforeServerStarts {
        try await Migrations.apply(to: store, logger: logger)
        environment.schemaReady.open()
    }
    return app
}

/// SQLite in the data folder unless `GATEHOUSE_DATABASE_URL` names a PostgreSQL server. With
/// `metrics`, the store records its waits for a connection (`gatehouse_db_pool_wait_seconds`).
func openStore(configuration: ServerConfiguration, logger: Logger, metrics: GatehouseMetrics? = nil) async throws -> any SQLStore {
    if let url = configuration.databaseURL {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            return try PostgresStore(url: url, poolSize: configuration.databasePoolSize, logger: logger, metrics: metrics)
        }
        if url.hasPrefix("sqlite://") {
            return try await SQLiteStore.open(path: String(url.dropFirst("sqlite://".count)), logger: logger, metrics: metrics)
        }
        throw ConfigurationError("GATEHOUSE_DATABASE_URL must start with postgres://, postgresql:// or sqlite://")
    }
    try PrivateFiles.prepareDirectory(configuration.dataDirectory)
    return try await SQLiteStore.open(path: configuration.dataDirectory + "/gatehouse.sqlite", logger: logger, metrics: metrics)
}

/// Closes storage and the hashing pool once the server has shut down gracefully (services stop
/// in reverse order, so this runs after the HTTP server has drained).
struct ShutdownService: Service {
    let store: any SQLStore
    let hasher: PasswordHasher

    func run() async throws {
        try? await gracefulShutdown()
        await store.shutdown()
        await hasher.shutdown()
    }
}
