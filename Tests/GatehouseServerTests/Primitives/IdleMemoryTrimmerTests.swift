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

#if canImport(Glibc)
    import Glibc
#endif

/// The server gives its allocator's free memory back once it goes quiet after work, and only then.
@Suite("Idle memory trimming")
struct IdleMemoryTrimmerTests {
    private static let budget = Duration.milliseconds(20)

    /// The looks at which `QuietAfterWork` says to trim, for intervals that spent `spent`.
    private func trims(_ spent: [Duration]) -> [Int] {
        var quiet = QuietAfterWork(quietBudget: Self.budget)
        return spent.indices.filter { quiet.observe(spent: spent[$0]) }
    }

    @Test("once at the first quiet interval after busy ones, then not again while quiet")
    func onceAfterWork() {
        let busy = Duration.milliseconds(300)
        let idle = Duration.milliseconds(1)
        #expect(trims([busy, busy, idle, idle, idle]) == [2])
        #expect(trims([busy, idle, busy, busy, idle, idle]) == [1, 4])
        // The budget itself still counts as quiet.
        #expect(trims([busy, Self.budget]) == [1])
    }

    @Test("never for a server that stays idle, nor for one that stays busy")
    func neverWithoutASpell() {
        #expect(trims(Array(repeating: .milliseconds(1), count: 20)).isEmpty)
        #expect(trims(Array(repeating: .milliseconds(500), count: 20)).isEmpty)
        #expect(trims([]).isEmpty)
    }

    @Test("the service trims once after a spell of work, from the process's CPU time as it reads it")
    func serviceTrimsOnce() async throws {
        // Two busy intervals, then quiet for good: each look advances the CPU clock by the next step.
        let steps: [Duration] = [.zero, .milliseconds(400), .milliseconds(400)]
        let looks = Mutex(0)
        let trimmed = Mutex(0)
        let trimmer = IdleMemoryTrimmer(
            interval: .milliseconds(5), quietBudget: Self.budget,
            cpuTime: {
                looks.withLock { count in
                    count += 1
                    let spent = steps.prefix(count).reduce(Duration.zero, +)
                    return spent + .microseconds(count)
                }
            },
            trim: { trimmed.withLock { $0 += 1 } })
        let task = Task { try await trimmer.run() }
        // Bounded: 20 looks are enough to see the spell end and quiet intervals after it.
        for _ in 0..<2_000 where looks.withLock({ $0 }) < 20 {
            try await Task.sleep(for: .milliseconds(5))
        }
        task.cancel()
        try await task.value
        #expect(looks.withLock { $0 } >= 20)
        #expect(trimmed.withLock { $0 } == 1)
    }

    #if canImport(Glibc)
        @Test("glibc's malloc_trim is reached: freed pages inside an arena go back")
        func returnsFreedPages() {
            // Blocks under the mmap threshold come from the thread's arena; the last one, kept,
            // holds the freed space below the top, where only a trim gives it back.
            let blocks = (0..<64).map { _ in malloc(64 * 1024)! }
            for block in blocks { memset(block, 1, 64 * 1024) }
            for block in blocks.dropLast() { free(block) }
            #expect(AllocatorSettings.returnFreeMemory())
            free(blocks.last!)
        }
    #endif
}
