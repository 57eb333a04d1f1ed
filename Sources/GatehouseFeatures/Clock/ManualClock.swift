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

import GatehouseClient

/// A clock that moves only when told (`advance(by:)`), for tests of timeouts and cooldowns.
/// `waitForSleepers(_:)` lets a test wait until the code under test has started waiting.
public final class ManualClock: FeatureClock {
    private struct Sleeper {
        var id: Int
        var deadline: TimeSpan
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: TimeSpan = .zero
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func wakeWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = waiters.filter { $0.count <= sleepers.count }.map(\.continuation)
            waiters.removeAll { $0.count <= sleepers.count }
            return ready
        }
    }

    private let state = Locked(State())

    public init() {}

    public var now: TimeSpan { state.withLock { $0.now } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(for duration: TimeSpan) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let woken: [CheckedContinuation<Void, Never>]? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return nil }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return state.wakeWaiters()
                }
                guard let woken else { return continuation.resume(throwing: CancellationError()) }
                for waiter in woken { waiter.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleep whose deadline has come, earliest first.
    public func advance(by duration: TimeSpan) {
        let due: [Sleeper] = state.withLock { state in
            state.now += duration
            let due = state.sleepers.filter { $0.deadline <= state.now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleeps are waiting.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
