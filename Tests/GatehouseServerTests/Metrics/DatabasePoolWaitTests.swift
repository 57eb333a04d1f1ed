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
import GatehouseTestSupport
import Logging
import Testing

@testable import GatehouseServer

/// Database pool waits: how long a unit of work waited for its database connection
/// (PostgreSQL's pool) or for the writer (SQLite's one serialized writer) before its work began,
/// as `gatehouse_db_pool_wait_seconds{engine, kind}`.
@Suite("Metrics: database pool waits")
struct DatabasePoolWaitTests {
    static let name = "gatehouse_db_pool_wait_seconds"

    @Test("/metrics exports the waits by engine and kind, and nothing of the requests", arguments: Backend.all)
    func exported(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("poolwait")
            let session = try await api.signedInUser(email)
            #expect(try await api.user(session.accessToken).status == .ok)

            let text = try await api.atRoot.send(.get, "/metrics").text
            let engine = "engine=\"\(backend.rawValue)\""
            let writes = MetricsContentTests.value(text, Self.name + "_count", [engine, "kind=\"write\""]) ?? 0
            #expect(writes >= 2, "sign-up and sign-in write: \(text)")
            #expect(!MetricsContentTests.samples(text, Self.name + "_bucket").isEmpty)
            #expect(MetricsContentTests.value(text, Self.name + "_sum", [engine, "kind=\"write\""]) != nil)
            let reads = MetricsContentTests.value(text, Self.name + "_count", [engine, "kind=\"read\""])
            switch backend {
            case .postgres: #expect((reads ?? 0) >= 1, "GET /user reads through the pool")
            // SQLite's readers are shared round-robin: nothing waits for one, so there is no series.
            case .sqlite: #expect(reads == nil, "\(text)")
            }
            #expect(!text.contains(email) && !text.contains(session.userId))
        }
    }

    /// Units of work that have entered their body (they hold a connection, or the writer).
    final class Holders: Sendable {
        let entered = Watched(0)
    }

    @Test("a write queued behind busy connections records how long it waited", arguments: Backend.all)
    func measuresTheWait(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let configuration = TestServer.configuration(databaseURL: database.url)
            let metrics = GatehouseMetrics()
            let store = try await openStore(configuration: configuration, logger: Logger(label: "test.poolwait"), metrics: metrics)
            let pool = Task { try? await store.connectionService?.run() }
            defer { pool.cancel() }
            // Every connection a write can get is taken for `hold`: SQLite's one writer, or the
            // whole PostgreSQL pool.
            let busy = backend == .sqlite ? 1 : configuration.databasePoolSize
            let hold = Duration.milliseconds(600)
            let holders = Holders()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<busy {
                    group.addTask {
                        try await store.write { _ in
                            holders.entered.update { $0 += 1 }
                            // Real time: the metric under test measures how long a write really waits.
                            try await Task.sleep(for: hold)
                        }
                    }
                }
                await holders.entered.wait { $0 >= busy }
                let asked = ContinuousClock.now
                try await store.write { _ in }
                #expect(asked.duration(to: .now) >= .milliseconds(200), "the write did not queue")
                try await group.waitForAll()
            }
            await store.shutdown()

            let text = metrics.exposition()
            let labels = ["engine=\"\(backend.rawValue)\"", "kind=\"write\""]
            #expect(MetricsContentTests.value(text, Self.name + "_count", labels) == Double(busy + 1), "\(text)")
            #expect((MetricsContentTests.value(text, Self.name + "_sum", labels) ?? 0) >= 0.2, "\(text)")
            // The queued write is above 250 ms (the holders waited only for the writer to be free,
            // or for a fresh pool's connection to open).
            let upTo250ms = MetricsContentTests.value(text, Self.name + "_bucket", labels + ["le=\"0.25\""]) ?? .infinity
            #expect(upTo250ms <= Double(busy), "\(text)")
        }
    }
}
