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
                try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
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
