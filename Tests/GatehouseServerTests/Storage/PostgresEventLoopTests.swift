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

import SQLKit
import Testing

@testable import GatehouseServer

/// On PostgreSQL a unit of work runs on the event loop of the connection it leased, where that
/// connection's reads and writes happen, and goes back to Swift's own threads after it.
@Suite("PostgreSQL: work on its connection's event loop")
struct PostgresEventLoopTests {
    @Test(
        "reads, single statements and transactions run on their connection's event loop",
        arguments: Backend.all.filter { $0 == .postgres })
    func workRunsOnTheConnectionsLoop(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withStore { store in
                let read = try await store.read { sql in
                    let onLoop = try #require(sql as? PostgresConnectionSQL).connection.eventLoop.inEventLoop
                    let one = try await sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
                    return (onLoop, one)
                }
                #expect(read.0)
                #expect(read.1 == 1)
                let written = try await store.write { sql in
                    try await sql.raw("CREATE TEMPORARY TABLE probe (n int8)").run()
                    try await sql.raw("INSERT INTO probe (n) VALUES (1), (2)").run()
                    let stillOnLoop = try #require(sql as? PostgresConnectionSQL).connection.eventLoop.inEventLoop
                    let sum = try await sql.raw("SELECT sum(n)::int8 AS total FROM probe").first()?.decode(column: "total", as: Int.self)
                    return (stillOnLoop, sum)
                }
                #expect(written.0)
                #expect(written.1 == 3)
                let statement = try await store.writeStatement { sql in
                    try #require(sql as? PostgresConnectionSQL).connection.eventLoop.inEventLoop
                }
                #expect(statement)
            }
        }
    }
}
