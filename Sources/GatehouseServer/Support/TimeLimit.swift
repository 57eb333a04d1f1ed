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

/// `operation`'s answer, or nil once `limit` has passed. The operation is then cancelled but not
/// waited for: one that ignores cancellation (a driver waiting on a database that refuses
/// connections) must not hold the caller past its limit.
func answer<T: Sendable>(within limit: Duration, _ operation: @escaping @Sendable () async -> T) async -> T? {
    let running = Task { await operation() }
    let first = FirstAnswer<T?>()
    return await withCheckedContinuation { continuation in
        first.set(continuation)
        Task { first.give(await running.value) }
        Task {
            try? await Task.sleep(for: limit)
            first.give(nil)
            running.cancel()
        }
    }
}

/// The first of several answers, given once to the one waiting for it.
private final class FirstAnswer<T: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<T, Never>?)
        case given(Given)
    }

    /// An answer given, told apart from none even when `T` is itself optional.
    private struct Given {
        let value: T
    }

    private let state = Mutex(State.waiting(nil))

    func set(_ continuation: CheckedContinuation<T, Never>) {
        let given = state.withLock { state -> Given? in
            if case .given(let given) = state { return given }
            state = .waiting(continuation)
            return nil
        }
        if let given { continuation.resume(returning: given.value) }
    }

    func give(_ answer: T) {
        let waiting = state.withLock { state -> CheckedContinuation<T, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .given(Given(value: answer))
            return continuation
        }
        waiting?.resume(returning: answer)
    }
}
