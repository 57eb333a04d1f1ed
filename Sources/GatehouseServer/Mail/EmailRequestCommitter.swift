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
import Synchronization

/// Group commit for the "send me an email" requests (`submitEmailRequest`: `/recover`, `/resend`,
/// the Edge Function and REST shapes, the forms and the console, Firebase's `sendOobCode`). Each request writes three rows: its address's send
/// window, its outbox job and its audit entry. Written one request at a time that was three
/// statements and three commits a request, queued one behind the other on SQLite's single writer
/// (the profile in Benchmarks/PROFILE.md). Here the requests that arrive while one batch is
/// being written wait for it, then go together as the next batch, in one transaction
/// (`Store.writeEmailRequests`).
///
/// Nothing is answered before its batch is written: a 200 still means the job is in the
/// database, and a crash loses only requests that had no answer yet. No timer either: a request
/// that finds no batch being written is written at once, alone. Registered and unknown
/// addresses take the same path (nothing here looks an account up).
///
/// Whose task writes: the first request finding the writer idle writes its batch; when it is
/// done, it hands the writer to the oldest waiting request, whose task writes everything
/// waiting by then. No background task, and no request waits for more than the batch ahead of it.
final class EmailRequestCommitter: Sendable {
    /// One request's rows, built in its own task (hashes, JSON) before it joins a batch.
    typealias Request = EmailRequestRows

    /// The most requests one batch writes (bounds a statement's bound values).
    static let batchLimit = 200

    private enum Turn {
        case written(wait: Int?)
        case write
    }

    private struct Waiting {
        var request: Request
        var continuation: CheckedContinuation<Turn, any Error>
    }

    private struct State {
        var writing = false
        var waiting: [Waiting] = []
    }

    private let store: Store
    /// `GATEHOUSE_EMAIL_SEND_WINDOW`, seconds; 0 turns the window off.
    private let sendWindow: Double
    private let metrics: GatehouseMetrics
    private let state = Mutex(State())

    init(store: Store, sendWindow: Double, metrics: GatehouseMetrics) {
        self.store = store
        self.sendWindow = sendWindow
        self.metrics = metrics
    }

    /// Writes `request` with its batch. Returns nil once its job is written, or the seconds left
    /// in its address's window (then nothing of it was written).
    func submit(_ request: Request) async throws -> Int? {
        let turn = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Turn, any Error>) in
            let writeNow = state.withLock { state -> Bool in
                if state.writing {
                    state.waiting.append(Waiting(request: request, continuation: continuation))
                    return false
                }
                state.writing = true
                return true
            }
            if writeNow { continuation.resume(returning: .write) }
        }
        switch turn {
        case .written(let wait): return wait
        case .write: return try await writeBatch(leadingWith: request)
        }
    }

    /// Writes `own` with whatever is waiting, answers the others, hands the writer on.
    private func writeBatch(leadingWith own: Request) async throws -> Int? {
        let others = state.withLock { state -> [Waiting] in
            let count = min(state.waiting.count, Self.batchLimit - 1)
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
        defer { handOver() }
        let waits: [Int?]
        do {
            waits = try await write([own] + others.map(\.request))
        } catch {
            for other in others { other.continuation.resume(throwing: error) }
            throw error
        }
        metrics.recordEmailRequestCommit(requests: waits.count)
        for (other, wait) in zip(others, waits.dropFirst()) { other.continuation.resume(returning: .written(wait: wait)) }
        return waits[0]
    }

    /// Gives the writer to the oldest waiting request, or leaves it idle.
    private func handOver() {
        let next = state.withLock { state -> Waiting? in
            guard !state.waiting.isEmpty else {
                state.writing = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .write)
    }

    /// The batch's three writes, in one transaction; the wait of each request (nil: written).
    private func write(_ requests: [Request]) async throws -> [Int?] {
        try await store.writeEmailRequests(EmailRequestBatchPlan(requests, window: sendWindow))
    }
}
