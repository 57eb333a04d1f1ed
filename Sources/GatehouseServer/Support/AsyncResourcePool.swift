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

import Synchronization

/// A fixed set of resources lent out one holder at a time: a holder takes any free one, or waits
/// (suspending, not blocking a thread) in arrival order for the next one returned. SQLite's
/// reader connections, each of which keeps prepared statements that only one thread may run, and
/// (a pool of one) `AsyncSerialLock`.
final class AsyncResourcePool<Resource: Sendable>: Sendable {
    private struct State {
        var free: [Resource]
        var waiters: [CheckedContinuation<Resource, Never>] = []
        var head = 0
    }

    private let state: Mutex<State>
    /// How many resources there are, lent or not.
    private let size: Int

    init(_ resources: [Resource]) {
        precondition(!resources.isEmpty, "a pool needs at least one resource")
        size = resources.count
        state = Mutex(State(free: resources))
    }

    /// How many takers wait for a resource now.
    var waiting: Int { state.withLock { $0.waiters.count - $0.head } }

    func withResource<T: Sendable>(_ body: (Resource) async throws -> T) async throws -> T {
        let resource = await take()
        defer { give(resource) }
        return try await body(resource)
    }

    /// Runs `body` with every resource, once all are back (closing them at shutdown).
    func withEveryResource<T: Sendable>(_ body: ([Resource]) async throws -> T) async throws -> T {
        var taken: [Resource] = []
        for _ in 0..<size { taken.append(await take()) }
        defer { for resource in taken { give(resource) } }
        return try await body(taken)
    }

    private func take() async -> Resource {
        await withCheckedContinuation { (continuation: CheckedContinuation<Resource, Never>) in
            let resource = state.withLock { state -> Resource? in
                if let resource = state.free.popLast() { return resource }
                state.waiters.append(continuation)
                return nil
            }
            if let resource { continuation.resume(returning: resource) }
        }
    }

    private func give(_ resource: Resource) {
        let next = state.withLock { state -> CheckedContinuation<Resource, Never>? in
            guard state.head < state.waiters.count else {
                state.free.append(resource)
                state.waiters.removeAll(keepingCapacity: true)
                state.head = 0
                return nil
            }
            let waiter = state.waiters[state.head]
            state.head += 1
            return waiter  // the resource passes straight to the longest waiter
        }
        next?.resume(returning: resource)
    }
}
