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
import GatehouseClient
import GatehouseTestSupport
import Testing

/// The clients' clock in tests: a wall clock that moves only when told, and sleeps on it (the
/// background refresher's pauses) that end when it has moved far enough. Timing is then tested
/// without waiting, and a test knows the code under test has finished a step once it sleeps again.
final class FixedClock: Sendable {
    private struct Sleeper: Sendable {
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: Date
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
    }

    private let state: Watched<State>

    init(_ date: Date = Date(timeIntervalSince1970: 1_800_000_000)) { state = Watched(State(now: date)) }

    var now: Date { state.value.now }

    /// Moves the clock and ends the sleeps whose time has come.
    func advance(by seconds: TimeInterval) {
        let due = state.update { state in
            state.now = state.now.addingTimeInterval(seconds)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Suspends until the clock has moved `span` on; throws `CancellationError` when cancelled.
    func sleep(for span: TimeSpan) async throws {
        let id = state.update { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, CancellationError>? = state.update { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    let deadline = state.now.addingTimeInterval(span.seconds)
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.update { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` sleeps wait for the clock to move (bounded, see `Watched`).
    func waitForSleepers(_ count: Int = 1) async {
        let reached = await state.wait { $0.sleepers.count >= count }
        if !reached { Issue.record("fewer than \(count) sleeps waited for the clock") }
    }
}
