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
import SQLKit
import Testing

@testable import GatehouseServer

/// `GET /health/ready`, for orchestrators: 200 when the database answers and every migration this
/// binary knows is applied, 503 otherwise, with a small JSON body saying which. `/health` stays
/// liveness: it answers whatever the database does.
@Suite("Health: readiness")
struct ReadinessTests {
    /// Runs `sql` on the test's database beside the running app. A schema change on SQLite can
    /// meet the app's background work holding the database for a moment: a few tries.
    static func execute(_ sql: String, on database: ScratchDatabase) async throws {
        var configuration = TestServer.configuration(databaseURL: database.url)
        configuration.logLevel = .critical
        // The running server's workers hold SQLite's lock now and then: opening the store and
        // writing are both retried, a bounded number of times.
        for attempt in 1...50 {
            do {
                try await GatehouseAdministration.withStore(configuration) { store in
                    try await store.write { try await $0.raw(SQLQueryString(sql)).run() }
                }
                return
            } catch  where attempt < 50 && "\(error)".contains("locked") {
                // Real time: a pause for the app's background work to let go of SQLite's lock.
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    @Test("ready: 200 with the database reachable and the migrations current", arguments: Backend.all)
    func ready(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let reply = try await api.atRoot.send(.get, "/health/ready")
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply["status"]?.stringValue == "ready", "\(reply)")
            #expect(reply["database"]?.stringValue == "reachable", "\(reply)")
            #expect(reply["migrations"]?.stringValue == "current", "\(reply)")
            #expect(reply.header("Cache-Control")?.contains("no-store") == true)
        }
    }

    @Test("a migration missing from the database: 503, migrations pending; /health still 200", arguments: Backend.all)
    func pendingMigration(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database) { api in
                #expect(try await api.atRoot.send(.get, "/health/ready").status == .ok)
                try await Self.execute(
                    "DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)", on: database)
                let reply = try await api.atRoot.send(.get, "/health/ready")
                #expect(reply.status == .serviceUnavailable, "\(reply)")
                #expect(reply["status"]?.stringValue == "not_ready", "\(reply)")
                #expect(reply["database"]?.stringValue == "reachable", "\(reply)")
                #expect(reply["migrations"]?.stringValue == "pending", "\(reply)")
                #expect(try await api.atRoot.send(.get, "/health").status == .ok)
            }
        }
    }

    @Test("no schema table at all: 503, migrations unknown", arguments: Backend.all)
    func noSchemaTable(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database) { api in
                try await Self.execute("DROP TABLE schema_migrations", on: database)
                let reply = try await api.atRoot.send(.get, "/health/ready")
                #expect(reply.status == .serviceUnavailable, "\(reply)")
                #expect(reply["database"]?.stringValue == "reachable", "\(reply)")
                #expect(reply["migrations"]?.stringValue == "unknown", "\(reply)")
            }
        }
    }

    @Test("PostgreSQL refusing connections: 503, database unreachable", arguments: Backend.all.filter { $0 == .postgres })
    func unreachable(_ backend: Backend) async throws {
        let serverURL = try #require(Backend.postgresURL)
        try await TestServer.withDatabase(backend) { database in
            let name = try #require(URLComponents(string: database.url)?.path.dropFirst()).description
            try await TestServer.run(on: database) { api in
                // A loaded machine may need more than one probe before the pool's first connection.
                var ready = try await api.atRoot.send(.get, "/health/ready")
                for _ in 0..<5 where ready.status != .ok { ready = try await api.atRoot.send(.get, "/health/ready") }
                #expect(ready.status == .ok, "\(ready)")
                try await PostgresAdmin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS false", serverURL: serverURL)
                try await PostgresAdmin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'", serverURL: serverURL)
                let reply = try await api.atRoot.send(.get, "/health/ready")
                try await PostgresAdmin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true", serverURL: serverURL)
                #expect(reply.status == .serviceUnavailable, "\(reply)")
                #expect(reply["status"]?.stringValue == "not_ready", "\(reply)")
                #expect(reply["database"]?.stringValue == "unreachable", "\(reply)")
                #expect(reply["migrations"]?.stringValue == "unknown", "\(reply)")
                #expect(try await api.atRoot.send(.get, "/health").status == .ok)
            }
        }
    }
}
