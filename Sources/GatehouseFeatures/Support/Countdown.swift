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

/// Deadlines on a `FeatureClock`, one per key (an address for the resend cooldown, the form for
/// a rate limit). Whether a deadline has passed is read from the clock itself, so the answer is
/// right even between two ticks of the display.
struct Deadlines {
    private var deadlines: [String: TimeSpan] = [:]

    mutating func start(_ key: String, lasting duration: TimeSpan, now: TimeSpan) {
        deadlines[key] = max(deadlines[key] ?? .zero, now + duration)
    }

    mutating func clear(_ key: String) {
        deadlines[key] = nil
    }

    /// Whole seconds left (rounded up), 0 when over or never started.
    func secondsLeft(_ key: String, now: TimeSpan) -> Int {
        guard let deadline = deadlines[key], deadline > now else { return 0 }
        return (deadline - now).secondsRoundedUp
    }

    /// The last deadline still ahead, if any.
    func latest(after now: TimeSpan) -> TimeSpan? {
        deadlines.values.filter { $0 > now }.max()
    }
}

/// Redraws countdowns: calls `tick` every second until `deadline`, on the main actor.
@MainActor
final class SecondTicker {
    private var task: Task<Void, Never>?
    private let clock: any FeatureClock

    init(clock: any FeatureClock) {
        self.clock = clock
    }

    func run(until deadline: TimeSpan, tick: @escaping @MainActor () -> Void) {
        task?.cancel()
        let clock = clock
        task = Task { @MainActor in
            while !Task.isCancelled {
                let left = deadline - clock.now
                guard left > .zero else { return }
                do { try await clock.sleep(for: min(.seconds(1), left)) } catch { return }
                tick()
            }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }
}
