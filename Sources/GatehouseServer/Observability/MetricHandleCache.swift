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

/// Metric handles kept by what they are labelled with, so that each is made once: making one
/// through swift-prometheus checks the metric's name and every label (Benchmarks/PROFILE.md),
/// which a request would otherwise pay for each handle it records into.
///
/// Bounded: past `limit` keys a handle is made each time and not kept, so label values that
/// should have been a fixed vocabulary cannot grow the memory (they still reach the registry).
final class MetricHandleCache<Key: Hashable & Sendable, Handle: Sendable>: Sendable {
    let limit: Int
    private let handles = Mutex<[Key: Handle]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// The handle for `key`, made by `make` the first time.
    func handle(_ key: Key, make: () -> Handle) -> Handle {
        if let kept = handles.withLock({ $0[key] }) { return kept }
        // Made outside the lock: making a handle takes the registry's own lock.
        let made = make()
        return handles.withLock { handles in
            if let kept = handles[key] { return kept }
            if handles.count < limit { handles[key] = made }
            return made
        }
    }
}
