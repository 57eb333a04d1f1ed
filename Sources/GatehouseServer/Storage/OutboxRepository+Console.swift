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

/// The console's view of the outbox: jobs of one state, newest first, page by page; the counts
/// per state and when each last changed; a dead job put back in the queue; and where a job
/// goes, stored with it when it is queued.
extension OutboxRepository {
    /// The jobs in `state`, newest first (creation time, then id, so pages never overlap).
    func list(state: State, limit: Int, offset: Int) async throws -> [OutboxJobSummary] {
        try await database.raw(
            """
            SELECT id, kind, payload, recipient, state, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at
            FROM outbox WHERE state = \(bind: state.rawValue)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)
            """
        ).all().map(Self.summary(of:))
    }

    /// One job, whatever its state; nil when there is none with `id`.
    func find(id: UUID) async throws -> OutboxJobSummary? {
        try await database.raw(
            """
            SELECT id, kind, payload, recipient, state, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at
            FROM outbox WHERE id = \(bind: id.lowercasedString)
            """
        ).first().map(Self.summary(of:))
    }

    /// How many jobs each state holds (every state present, zero when empty).
    func counts() async throws -> [State: Int] {
        try await activity().counts
    }

    /// How many jobs each state holds, and when a job of each last changed (states with jobs
    /// only): one scan of the outbox, which retention keeps to about a week.
    func activity() async throws -> (counts: [State: Int], latest: [State: Timestamp]) {
        var counts: [State: Int] = [.pending: 0, .sending: 0, .sent: 0, .skipped: 0, .dead: 0]
        var latest: [State: Timestamp] = [:]
        let rows = try await database.raw("SELECT state, COUNT(*) AS total, MAX(updated_at) AS latest FROM outbox GROUP BY state").all()
        for row in rows {
            if let state = State(rawValue: try row.decode(column: "state", as: String.self)) {
                counts[state] = try row.decode(column: "total", as: Int.self)
                latest[state] = try row.decode(column: "latest", as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
            }
        }
        return (counts, latest)
    }

    /// Puts a dead job back in the queue, due now, with its attempts reset: one conditional
    /// UPDATE, so of two operators (or two instances) retrying at once exactly one succeeds.
    /// Returns the job as it was before (its attempts and error), or nil when it was not dead.
    func retryDead(id: UUID, now: Timestamp) async throws -> OutboxJobSummary? {
        guard let before = try await find(id: id) else { return nil }
        let updated = try await database.raw(
            """
            UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = \(bind: now.microsecondsSinceEpoch),
                locked_until = NULL, updated_at = \(bind: now.microsecondsSinceEpoch)
            WHERE id = \(bind: id.lowercasedString) AND state = 'dead'
            RETURNING id
            """
        ).all()
        return updated.isEmpty ? nil : before
    }

    private static func summary(of row: any SQLRow) throws -> OutboxJobSummary {
        let payload = try row.decode(column: "payload", as: String.self)
        let job = try? OutboxJob.read(payload: payload)
        let micros = { (column: String) throws -> Timestamp? in
            try row.decode(column: column, as: Int64?.self).map(Timestamp.init(microsecondsSinceEpoch:))
        }
        return OutboxJobSummary(
            id: try row.decode(column: "id", as: String.self),
            kind: try row.decode(column: "kind", as: String.self),
            state: State(rawValue: try row.decode(column: "state", as: String.self)) ?? .pending,
            recipient: OutboxJobSummary.Recipient(stored: try row.decode(column: "recipient", as: String?.self), job: job),
            attempts: try row.decode(column: "attempts", as: Int.self),
            createdAt: try micros("created_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: try micros("updated_at") ?? Timestamp(microsecondsSinceEpoch: 0),
            nextAttemptAt: try micros("next_attempt_at"),
            lockedUntil: try micros("locked_until"),
            lastError: try row.decode(column: "last_error", as: String?.self))
    }
}
