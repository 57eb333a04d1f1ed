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

/// Schemathesis on PostgreSQL: two concurrent `POST /admin/generate_link` for one address
/// deadlocked in `one_time_tokens` (each deleting the other's pending rows) and the victim was
/// answered 500. PostgreSQL's advice for a deadlock or serialization failure is to run the
/// transaction again; here two transactions lock two rows in opposite orders, a deadlock every
/// time, and both must still commit.
@Suite("Transaction conflicts")
struct TransactionConflictTests {
    @Test(
        "PostgreSQL: the transaction a deadlock aborts is run again, so both writers succeed",
        arguments: Backend.all.filter { $0 == .postgres })
    func deadlockVictimRunsAgain(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let store = fixture.services.environment.store
            try await store.run(.statement) { work in
                try await work.database.raw("CREATE TABLE conflict_probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)").run()
                try await work.database.raw("INSERT INTO conflict_probe VALUES (1, 0), (2, 0)").run()
            }
            // Each transaction locks its first row, waits until the other holds its own, then
            // asks for the other's: a cycle PostgreSQL breaks by aborting one of them.
            let (firstLocked, secondLocked) = (Latch(), Latch())
            let writer: @Sendable (Int, Int, Latch, Latch) async throws -> Void = { first, second, locked, other in
                try await store.run(.transaction) { work in
                    try await work.database.raw("UPDATE conflict_probe SET n = n + 1 WHERE id = \(bind: first)").run()
                    locked.open()
                    await other.wait()
                    try await work.database.raw("UPDATE conflict_probe SET n = n + 1 WHERE id = \(bind: second)").run()
                }
            }
            let one = Task { try await writer(1, 2, firstLocked, secondLocked) }
            let two = Task { try await writer(2, 1, secondLocked, firstLocked) }
            let results = [await one.result, await two.result]
            for result in results {
                if case .failure(let error) = result { Issue.record("a writer failed: \(error)") }
            }
            let counts = try await store.run(.read) { work in
                try await work.database.raw("SELECT n FROM conflict_probe ORDER BY id").all().map {
                    try $0.decode(column: "n", as: Int.self)
                }
            }
            #expect(counts == [2, 2])
        }
    }
}
