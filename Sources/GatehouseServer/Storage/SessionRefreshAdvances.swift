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

/// Group commit for PostgreSQL's refreshes. A refresh is one statement
/// (`SessionsWithUserAdvancingStatement`), and on PostgreSQL a statement's round trip costs the
/// server and the database more than its execution (Benchmarks/PROFILE.md). The refreshes that
/// arrive while `writers` batches are in flight go together as the next batch, in one statement,
/// through `GroupCommit`; SQLite's refresh is a call on its writer and does not come here.
///
/// Each refresh is still judged by its own session: the statement compares each session's
/// counter with the one its refresh presented, and answers each refresh with its own rows.
/// Refreshes of one session in the same batch (two tabs racing, a replayed token) go in
/// successive statements, in the order they came, so that the second compares against the first's
/// move as it would one request at a time.
final class SessionRefreshAdvances: Sendable {
    /// One refresh: its session, the counter its token presents, and its time.
    struct Advance: Sendable, Equatable {
        let sessionId: UUID
        let expected: Int64
        let now: Timestamp
    }

    /// The most refreshes one statement carries.
    static let batchLimit = SessionsWithUserAdvancing.widest
    /// Batches in flight at once. One alone leaves the cores idle while its round trip is out;
    /// more than two made the batches so small that the statements cost more than they shared
    /// (Benchmarks/PROFILE.md, "A refresh's round trip, shared").
    static let writers = 2

    private let commit: GroupCommit<Advance, SessionRepository.AdvancingRead?>

    init(sql: any SQLStore) {
        commit = GroupCommit(batchLimit: Self.batchLimit, writers: Self.writers) { advances in
            try await Self.write(advances, on: sql)
        }
    }

    /// The session of `advance` with its user and factors as they were, and whether its counter
    /// moved; nil when there is no such session.
    func submit(_ advance: Advance) async throws -> SessionRepository.AdvancingRead? {
        try await commit.submit(advance)
    }

    /// Runs a batch: one statement for each of `groups`, one after the other, each refresh
    /// answered from its own statement's rows. A statement's sessions go in the order of their
    /// ids, so that two batches in flight lock the sessions they share in the same order; one
    /// PostgreSQL still aborts for a deadlock (with another instance's, say) changed nothing and
    /// runs again.
    static func write(_ advances: [Advance], on sql: any SQLStore) async throws -> [SessionRepository.AdvancingRead?] {
        var answers = [SessionRepository.AdvancingRead?](repeating: nil, count: advances.count)
        for group in groups(advances) {
            let members = group.map { advances[$0] }.sorted { $0.sessionId.lowercasedString < $1.sessionId.lowercasedString }
            let reads = try await PostgresConflictRetry.run {
                try await sql.writeStatement { try await SessionRepository(database: $0).findWithUserAdvancing(members) }
            }
            for index in group { answers[index] = reads[advances[index].sessionId] }
        }
        return answers
    }

    /// The positions of `advances` split into groups that name each session once, at most
    /// `batchLimit` each: a session's first refresh in the first group with room, its second in a
    /// later one, and so on.
    static func groups(_ advances: [Advance]) -> [[Int]] {
        var groups: [[Int]] = []
        for (index, advance) in advances.enumerated() {
            let free = groups.firstIndex { group in
                group.count < batchLimit && !group.contains { advances[$0].sessionId == advance.sessionId }
            }
            if let free {
                groups[free].append(index)
            } else {
                groups.append([index])
            }
        }
        return groups
    }
}
