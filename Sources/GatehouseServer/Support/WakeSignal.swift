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

/// Wakes one waiting task early: the outbox worker sleeps until its next due job, but a request
/// that enqueues mail nudges it so the email leaves at once. A nudge with nobody waiting is
/// remembered, so none is lost between a check and a wait.
final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
        var generation = 0
    }

    private let state = Mutex(State())
    /// How a wait's time runs out: the clock's sleep, or a test's (which records the pauses the
    /// waiter asked for and lets them end at once, so back-off is tested without waiting it).
    private let sleep: @Sendable (Double) async -> Void

    init(sleep: @escaping @Sendable (Double) async -> Void = { try? await Task.sleep(for: .milliseconds(Int($0 * 1000))) }) {
        self.sleep = sleep
    }

    func nudge() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a nudge or after `seconds`, whichever comes first.
    func wait(upTo seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let generation = state.withLock { state -> Int? in
                if state.pending {
                    state.pending = false
                    return nil
                }
                state.generation += 1
                state.waiter = continuation
                return state.generation
            }
            guard let generation else {
                continuation.resume()
                return
            }
            Task {
                await self.sleep(seconds)
                let expired = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard state.generation == generation, let waiter = state.waiter else { return nil }
                    state.waiter = nil
                    return waiter
                }
                expired?.resume()
            }
        }
    }
}
