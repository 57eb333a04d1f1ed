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

/// Rows written at a high rate (outbox jobs, audit entries, one-time tokens) get version-7 ids,
/// which sort by the time they were written: inserts then land at the right edge of the primary
/// key's index, not on a page of their own each (Benchmarks/PROFILE.md).
@Suite("Time-ordered row ids")
struct TimeOrderedRowIdsTests {
    @Test("version 7, RFC 9562 variant, the millisecond in the first 48 bits")
    func layout() {
        let time = Timestamp(microsecondsSinceEpoch: 1_764_400_000_123_456)
        let uuid = RandomSource.system.timeOrderedUUID(at: time)
        let text = uuid.lowercasedString
        let milliseconds = String(1_764_400_000_123, radix: 16)
        let padded = String(repeating: "0", count: 12 - milliseconds.count) + milliseconds
        #expect(text.replacingOccurrences(of: "-", with: "").prefix(12) == padded)
        #expect(uuid.uuid.6 >> 4 == 7)
        #expect(uuid.uuid.8 >> 6 == 0b10)
        // 456 µs into the millisecond: 456 · 4096 / 1000 = 1867 = 0x74B in the next 12 bits.
        #expect(Int(uuid.uuid.6 & 0x0F) << 8 | Int(uuid.uuid.7) == 1867)
        #expect(RandomSource.system.timeOrderedUUID(at: time) != uuid)
    }

    @Test("ids of later times sort after earlier ones, to the microsecond's fraction")
    func ordering() {
        let start: Int64 = 1_764_400_000_000_000
        let times = [0, 1, 250, 999, 1_000, 1_001, 86_400_000_000].map { Timestamp(microsecondsSinceEpoch: start + $0) }
        let ids = times.map { RandomSource.system.timeOrderedUUID(at: $0).lowercasedString }
        #expect(ids == ids.sorted())
        // Within one microsecond the order is random, but the time prefix is shared.
        let same = (0..<8).map { _ in RandomSource.system.timeOrderedUUID(at: times[2]).lowercasedString }
        #expect(Set(same.map { $0.prefix(18) }).count == 1)
        #expect(Set(same).count == same.count)
    }

    @Test("the jobs and audit entries of requests made one after another sort by id as they were written", arguments: Backend.all)
    func rowsThroughTheRouter(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database) { api in
                for index in 0..<4 {
                    let reply = try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail("ordered-\(index)")])
                    #expect(reply.status == .ok, "\(reply)")
                    try await Task.sleep(for: .milliseconds(3))
                }
            }
            let rows = try await Self.rows(in: database)
            #expect(rows.jobs.count == 4)
            #expect(rows.audit.count == 4)
            for table in [rows.jobs, rows.audit] {
                #expect(table.allSatisfy { UUID(uuidString: $0.id).map { $0.uuid.6 >> 4 } == 7 }, "\(table)")
                #expect(table.map(\.id) == table.sorted { $0.createdAt < $1.createdAt }.map(\.id), "\(table)")
            }
        }
    }

    @Test("one-time tokens minted one after another get version-7 ids in the order they were minted", arguments: Backend.all)
    func tokens(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            for index in 0..<3 {
                let email = "minted-\(index)@example.com"
                try await fixture.account(email)
                _ = try await fixture.recoveryEmail(to: email)
                fixture.clock.advance(seconds: 0.002)
            }
            let rows = try await fixture.services.environment.store.perform(.read) { work in
                try await work.database.raw("SELECT id, created_at FROM one_time_tokens ORDER BY id").all().map(Row.init)
            }
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { UUID(uuidString: $0.id).map { $0.uuid.6 >> 4 } == 7 }, "\(rows)")
            #expect(rows.map(\.id) == rows.sorted { $0.createdAt < $1.createdAt }.map(\.id), "\(rows)")
        }
    }

    /// The recovery jobs and their audit entries, ordered by id (read after the app stopped).
    static func rows(in database: ScratchDatabase) async throws -> (jobs: [Row], audit: [Row]) {
        try await database.read { database in
            let jobs = try await database.raw("SELECT id, created_at FROM outbox WHERE kind = 'recovery' ORDER BY id").all()
            let audit = try await database.raw(
                "SELECT id, created_at FROM audit_log_entries WHERE action = 'user_recovery_requested' ORDER BY id"
            ).all()
            return (try jobs.map(Row.init), try audit.map(Row.init))
        }
    }

    struct Row: CustomStringConvertible, Sendable {
        let id: String
        let createdAt: Int64

        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: String.self)
            createdAt = try row.decode(column: "created_at", as: Int64.self)
        }

        var description: String { "\(id)@\(createdAt)" }
    }
}
