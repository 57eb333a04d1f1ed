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
import SQLKit
import Testing

@testable import GatehouseServer

/// What a claim hands out: due pending jobs and jobs whose lease ran out, by due time, at most
/// the batch's size; never a job still leased, not yet due or done. PostgreSQL reads the two kinds
/// of due job apart.
@Suite("Outbox: what a claim takes")
struct OutboxClaimTests {
    /// A job's name, state, due time and lease end (seconds).
    typealias Job = (name: String, state: String, due: Int64, leaseEnd: Int64?)

    static let jobs: [Job] = [
        ("pending-3", "pending", 300, nil), ("pending-1", "pending", 100, nil), ("expired-2", "sending", 200, 500),
        ("expired-4", "sending", 400, 900), ("leased", "sending", 50, 2_000), ("future", "pending", 1_500, nil),
        ("pending-5", "pending", 500, nil), ("sent", "sent", 10, nil),
    ]

    @Test("due and expired jobs by due time, a batch at a time; never a live lease, a job not due or one done", arguments: Backend.all)
    func claimsDueJobs(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await GatehouseAdministration.migrate(configuration: TestServer.configuration(databaseURL: database.url))
            try await database.withStore { store in
                try await store.write { sql in
                    for (index, job) in Self.jobs.enumerated() {
                        let payload = try OutboxJob.recovery(
                            email: job.name + "@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil
                        ).payload()
                        let (due, leaseEnd) = (job.due * 1_000_000, job.leaseEnd.map { $0 * 1_000_000 })
                        try await sql.raw(
                            """
                            INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, locked_until, created_at, updated_at)
                            VALUES (\(bind: String(format: "00000000-0000-4000-8000-%012d", index)), 'recovery', \(bind: payload),
                                \(bind: job.state), 1, \(bind: due), \(bind: leaseEnd), \(bind: due), 0)
                            """
                        ).run()
                    }
                }
                @Sendable func claim(_ limit: Int) async throws -> [String] {
                    try await store.writeStatement { sql in
                        try await OutboxRepository(database: sql).claim(
                            limit: limit, lease: 15, now: Timestamp(microsecondsSinceEpoch: 1_000_000_000))
                    }.map { $0.job.auditSubject.email.map { String($0.prefix { $0 != "@" }) } ?? "?" }
                }
                #expect(try await claim(4) == ["pending-1", "expired-2", "pending-3", "expired-4"])
                #expect(try await claim(4) == ["pending-5"])
                #expect(try await claim(4) == [])
            }
        }
    }
}
