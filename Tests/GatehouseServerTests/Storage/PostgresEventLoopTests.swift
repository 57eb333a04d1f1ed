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
                    (try Self.onItsLoop(sql), try await sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self))
                }
                #expect(read.0)
                #expect(read.1 == 1)
                let written = try await store.write { sql in
                    try await sql.raw("CREATE TEMPORARY TABLE probe (n int8)").run()
                    try await sql.raw("INSERT INTO probe (n) VALUES (1), (2)").run()
                    // Still there after the statements' answers.
                    let onLoop = try Self.onItsLoop(sql)
                    return (onLoop, try await sql.raw("SELECT sum(n)::int8 AS t FROM probe").first()?.decode(column: "t", as: Int.self))
                }
                #expect(written.0)
                #expect(written.1 == 3)
                #expect(try await store.writeStatement { try Self.onItsLoop($0) })
            }
        }
    }

    /// Whether the caller runs on the event loop of the connection behind `sql`.
    static func onItsLoop(_ sql: any SQLDatabase) throws -> Bool {
        try #require(sql as? PostgresConnectionSQL).connection.eventLoop.inEventLoop
    }
}
