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

/// State that other tasks change and a test waits on, without polling: `update` changes it and
/// wakes every wait whose condition now holds; `wait(until:)` returns at once when it already does.
public final class Watched<Value: Sendable>: Sendable {
    private struct Waiter {
        var condition: @Sendable (Value) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
        var bound: Task<Void, Never>?
    }

    private struct State {
        var value: Value
        var nextID = 0
        var waiters: [Int: Waiter] = [:]
    }

    private let state: Mutex<State>

    public init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    public var value: Value { state.withLock { $0.value } }

    /// Changes the value and wakes the waits it satisfies.
    @discardableResult
    public func update<T: Sendable>(_ change: (inout Value) -> T) -> T {
        let (result, woken) = state.withLock { state in
            let result = change(&state.value)
            let value = state.value
            let ready = state.waiters.filter { $0.value.condition(value) }
            for id in ready.keys { state.waiters[id] = nil }
            return (result, Array(ready.values))
        }
        for waiter in woken {
            waiter.bound?.cancel()
            waiter.continuation.resume(returning: true)
        }
        return result
    }

    /// Returns true once `condition` holds, or false after `bound`. The bound is real time: it
    /// only ends a wait for something that should have happened long before (a loaded machine once
    /// needed seconds for what takes milliseconds).
    @discardableResult
    public func wait(until condition: @escaping @Sendable (Value) -> Bool, bound: Duration = .seconds(120)) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = state.withLock { state in
                if condition(state.value) { return nil }
                let id = state.nextID
                state.nextID += 1
                state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                return id
            }
            guard let id else { return continuation.resume(returning: true) }
            let timer = Task { [self] in
                try? await Task.sleep(for: bound)
                if !Task.isCancelled { expire(id) }
            }
            // Kept with the waiter so a satisfied wait cancels it; a wait that ended first has no entry.
            let kept = state.withLock { state in
                state.waiters[id]?.bound = timer
                return state.waiters[id] != nil
            }
            if !kept { timer.cancel() }
        }
    }

    private func expire(_ id: Int) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
    }
}
