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

import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Gives the allocator's free memory back to the kernel when the server goes quiet after work.
///
/// Under load each thread's arena keeps up to `AllocatorSettings.trimThreshold` free at its top,
/// and frees in the middle of an arena stay with the process: with a dozen arenas that is
/// megabytes held after a burst, for nothing, until the next one (`Benchmarks/PROFILE.md`, "Memory
/// at rest after a load"). Trimming while requests run would hand the pages back only for the
/// next allocations to fault them in again, so this looks at the process's CPU time every
/// `interval` and trims once, at the first quiet interval after busy ones (`QuietAfterWork`).
struct IdleMemoryTrimmer: Service {
    /// Where each trim is noted, at debug level, with the resident memory before and after.
    var logger: Logger? = nil
    var interval: Duration = .seconds(2)
    /// About 1 % of a core: an idle server's timers (the checkpointer's, the worker's) use far less.
    var quietBudget: Duration = .milliseconds(20)
    /// The process's CPU time so far; nil where it cannot be read.
    var cpuTime: @Sendable () -> Duration? = Self.processCPUTime
    var trim: @Sendable () -> Void = { AllocatorSettings.returnFreeMemory() }

    func run() async throws {
        guard var previous = cpuTime() else {
            // Nothing to watch; returning would end the service group (and the server) with it.
            try? await gracefulShutdown()
            return
        }
        var quiet = QuietAfterWork(quietBudget: quietBudget)
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            guard let now = cpuTime() else { continue }
            if quiet.observe(spent: now - previous) { trimAndNote() }
            previous = now
        }
    }

    /// Reads `/proc` for the note only when the debug line will be written.
    private func trimAndNote() {
        guard let logger, logger.logLevel <= .debug else { return trim() }
        let before = ProcStat.current()?.residentBytes
        trim()
        guard let before, let after = ProcStat.current()?.residentBytes else { return }
        logger.debug(
            "Returned free memory to the kernel after a spell of work",
            metadata: ["resident_kib_before": "\(Int(before) / 1024)", "resident_kib_after": "\(Int(after) / 1024)"])
    }

    /// User and system time of every thread of the process (`CLOCK_PROCESS_CPUTIME_ID`).
    static func processCPUTime() -> Duration? {
        #if canImport(Glibc)
            var time = timespec()
            guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        #else
            return nil
        #endif
    }
}
