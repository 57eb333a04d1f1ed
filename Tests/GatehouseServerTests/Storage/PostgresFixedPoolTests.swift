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
import Testing

@testable import GatehouseServer

/// PostgreSQL's pool is fixed: `GATEHOUSE_DATABASE_POOL_SIZE` connections opened at start and
/// kept. An elastic pool scheduled an idle timer at every release of a connection above its
/// minimum, and each cancelled timer held memory until its deadline (Benchmarks/PROFILE.md,
/// "PostgreSQL's memory").
@Suite("PostgreSQL: a fixed pool")
struct PostgresFixedPoolTests {
    /// How many connections `database` has, polled until there are `enough` or `tries` polls
    /// have passed: a pool opens its connections in the background and announces nothing.
    static func connections(to database: ScratchDatabase, polledUntil enough: Int, tries: Int) async throws -> Int {
        let serverURL = try #require(Backend.postgresURL)
        let name = try #require(URLComponents(string: database.url)?.path.dropFirst()).description
        // Client backends only: an autovacuum worker on the new database's tables is listed too.
        let count =
            "SELECT count(*)::bigint AS value FROM pg_stat_activity WHERE datname = '\(name)' AND backend_type = 'client backend'"
        var open = 0
        for _ in 0..<tries {
            open = try await PostgresAdmin.integer(count, serverURL: serverURL)
            if open >= enough { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return open
    }

    @Test(
        "the app opens every connection of its pool at start, with nothing asked of it",
        arguments: Backend.all.filter { $0 == .postgres })
    func opensThePoolAtStart(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let size = 8
            try await TestServer.run(on: database, configure: { $0.databasePoolSize = size }) { api in
                #expect(try await api.atRoot.send(.get, "/health/ready").status == .ok)
                let open = try await Self.connections(to: database, polledUntil: size, tries: 200)
                #expect(open == size, "\(open) connections open, the pool's size is \(size)")
            }
        }
    }

    @Test(
        "an administrative command opens a pool of two, whatever the server's size",
        arguments: Backend.all.filter { $0 == .postgres })
    func administrationOpensTwo(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            var configuration = TestServer.configuration(databaseURL: database.url)
            configuration.databasePoolSize = 16
            // A pool of 16 would pass two within the polls.
            let open = try await GatehouseAdministration.withStore(configuration) { _ in
                try await Self.connections(to: database, polledUntil: 3, tries: 40)
            }
            #expect(open <= 2, "\(open) connections open")
        }
    }
}
