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

/// Group commit: items that arrive while a batch is written go together in the next one, each
/// caller gets its own answer only once its batch is written, and a failed write fails exactly
/// the items of that batch.
@Suite("Group commit")
struct GroupCommitTests {
    /// A write that records each batch it is given and waits for the test to let it finish.
    final class Recorder: Sendable {
        let batches = Mutex<[[Int]]>([])
        let gate = AsyncStream<Void>.makeStream()
        let failing = Mutex<Set<Int>>([])

        func write(_ items: [Int]) async throws -> [Int] {
            batches.withLock { $0.append(items) }
            if batches.withLock({ $0.count }) == 1 {
                // Hold the first batch until the others have queued behind it.
                for await _ in gate.stream { break }
            }
            if items.contains(where: { failing.withLock { $0 }.contains($0) }) { throw TestFailure.write }
            return items.map { $0 * 10 }
        }
    }

    enum TestFailure: Error { case write }

    @Test("an item that finds the writer idle is written at once, alone")
    func alone() async throws {
        let commit = GroupCommit<Int, Int>(batchLimit: 8) { items in items.map { $0 + 1 } }
        #expect(try await commit.submit(41) == 42)
    }

    @Test("items arriving during a write go together in the next batch, each answered with its own result")
    func batching() async throws {
        let recorder = Recorder()
        let commit = GroupCommit<Int, Int>(batchLimit: 100) { try await recorder.write($0) }
        async let first = commit.submit(0)
        try await waitUntil { recorder.batches.withLock { $0.count } == 1 }
        let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for item in 1...20 { group.addTask { (item, try await commit.submit(item)) } }
            // Let the first batch finish only once all twenty wait behind it.
            try await waitUntil { commit.waitingCount == 20 }
            recorder.gate.continuation.yield()
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        #expect(try await first == 0)
        #expect(answers == Dictionary(uniqueKeysWithValues: (1...20).map { ($0, $0 * 10) }))
        let batches = recorder.batches.withLock { $0 }
        #expect(batches.count == 2)
        #expect(batches[1].sorted() == Array(1...20))
    }

    @Test("a batch never holds more than the limit; the rest follow in later batches")
    func limit() async throws {
        let recorder = Recorder()
        let commit = GroupCommit<Int, Int>(batchLimit: 4) { try await recorder.write($0) }
        async let first = commit.submit(0)
        try await waitUntil { recorder.batches.withLock { $0.count } == 1 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for item in 1...10 { group.addTask { _ = try await commit.submit(item) } }
            try await waitUntil { commit.waitingCount == 10 }
            recorder.gate.continuation.yield()
            try await group.waitForAll()
        }
        _ = try await first
        let batches = recorder.batches.withLock { $0 }
        #expect(batches.allSatisfy { $0.count <= 4 })
        #expect(batches.flatMap { $0 }.sorted() == Array(0...10))
    }

    @Test("a failed write fails every item of its batch and no other")
    func failure() async throws {
        let recorder = Recorder()
        recorder.failing.withLock { $0 = [3] }
        let commit = GroupCommit<Int, Int>(batchLimit: 100) { try await recorder.write($0) }
        async let first = commit.submit(0)
        try await waitUntil { recorder.batches.withLock { $0.count } == 1 }
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for item in 1...5 { group.addTask { (item, (try? await commit.submit(item)) != nil) } }
            try? await waitUntil { commit.waitingCount == 5 }
            recorder.gate.continuation.yield()
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(try await first == 0)
        // Items 1…5 were one batch holding the failing item: all of them failed.
        #expect(results == [1: false, 2: false, 3: false, 4: false, 5: false])
        #expect(try await commit.submit(6) == 60)
    }

    @Test("with two writers, a second item is written beside the first; the items after them wait and go together")
    func twoWriters() async throws {
        let started = Mutex<[[Int]]>([])
        let released = Mutex(false)
        let commit = GroupCommit<Int, Int>(batchLimit: 100, writers: 2) { items in
            let count = started.withLock {
                $0.append(items)
                return $0.count
            }
            // The first two batches are held until the others have queued behind them.
            if count <= 2 { try await self.waitUntil { released.withLock { $0 } } }
            return items.map { $0 * 10 }
        }
        async let first = commit.submit(0)
        try await waitUntil { started.withLock { $0.count } == 1 }
        async let second = commit.submit(1)
        // Both writers busy: the next items wait, without a batch of their own yet.
        try await waitUntil { started.withLock { $0.count } == 2 }
        #expect(commit.waitingCount == 0)
        let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for item in 2...5 { group.addTask { (item, try await commit.submit(item)) } }
            try await waitUntil { commit.waitingCount == 4 }
            #expect(started.withLock { $0.count } == 2)
            released.withLock { $0 = true }
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        #expect(try await first == 0)
        #expect(try await second == 10)
        #expect(answers == [2: 20, 3: 30, 4: 40, 5: 50])
        let batches = started.withLock { $0 }
        #expect(batches.prefix(2).map { $0.count } == [1, 1])
        #expect(batches.dropFirst(2).flatMap { $0 }.sorted() == [2, 3, 4, 5])
        #expect(batches.count <= 4, "the four waiting items went in at most two batches, one a freed writer")
    }

    @Test("a write that answers the wrong number of items fails its batch instead of answering wrongly")
    func answerCount() async throws {
        let commit = GroupCommit<Int, Int>(batchLimit: 8) { _ in [] }
        await #expect(throws: GroupCommitError.answerCountMismatch) { try await commit.submit(1) }
    }

    /// Polls `condition` (bounded: 10 s) while the tasks under test get going.
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<10_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("condition never held")
    }
}
