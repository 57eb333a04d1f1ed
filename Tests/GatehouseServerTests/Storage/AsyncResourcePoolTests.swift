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
import Testing

@testable import GatehouseServer

/// The pool SQLite's readers are lent from: one holder per resource, waiters served in order,
/// and every resource back at the end.
@Suite struct AsyncResourcePoolTests {
    /// Counts holders of each resource at once; any count above one is a double lending.
    private final class Holders: Sendable {
        private let state = Mutex((current: [Int: Int](), most: 0, total: 0))
        func enter(_ resource: Int) {
            state.withLock {
                $0.current[resource, default: 0] += 1
                $0.most = max($0.most, $0.current.values.reduce(0, +))
                $0.total += 1
                precondition($0.current[resource]! == 1, "resource \(resource) lent twice")
            }
        }
        func leave(_ resource: Int) { state.withLock { $0.current[resource, default: 0] -= 1 } }
        var most: Int { state.withLock { $0.most } }
        var total: Int { state.withLock { $0.total } }
    }

    @Test func eachResourceHasOneHolderAtATimeAndAllAreUsed() async throws {
        let pool = AsyncResourcePool([1, 2, 3])
        let holders = Holders()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    try await pool.withResource { resource in
                        holders.enter(resource)
                        // Real time, briefly: holds that overlap, so all three are lent at once.
                        try await Task.sleep(for: .milliseconds(1))
                        holders.leave(resource)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(holders.total == 60)
        #expect(holders.most == 3)
        // All three are free again: taking every one does not wait.
        let every = try await pool.withEveryResource { $0.sorted() }
        #expect(every == [1, 2, 3])
    }

    private final class Arrivals: Sendable {
        private let order = Mutex([Int]())
        func append(_ index: Int) { order.withLock { $0.append(index) } }
        var all: [Int] { order.withLock { $0 } }
    }

    @Test func waitersAreServedInArrivalOrder() async throws {
        let pool = AsyncResourcePool(["only"])
        let arrivals = Arrivals()
        var waiters: [Task<Void, any Error>] = []
        try await pool.withResource { _ in
            // Queue three waiters, each once the one before is queued, while the only resource is held.
            for index in 0..<3 {
                waiters.append(Task { try await pool.withResource { _ in arrivals.append(index) } })
                let bound = ContinuousClock.now + .seconds(120)
                while pool.waiting <= index, ContinuousClock.now < bound { await Task.yield() }
                #expect(pool.waiting == index + 1)
            }
            #expect(arrivals.all.isEmpty)
        }
        for waiter in waiters { try await waiter.value }
        #expect(arrivals.all == [0, 1, 2])
    }

    @Test func aThrowingHolderGivesItsResourceBack() async throws {
        struct Failure: Error {}
        let pool = AsyncResourcePool([7])
        await #expect(throws: Failure.self) { try await pool.withResource { _ in throw Failure() } }
        #expect(try await pool.withResource { $0 } == 7)
    }
}
