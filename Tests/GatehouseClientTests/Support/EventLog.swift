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
import Synchronization

/// Collects a client's auth events as they arrive.
final class EventLog: Sendable {
    private final class Box: Sendable {
        let changes = Mutex<[AuthStateChange]>([])
        func append(_ change: AuthStateChange) { changes.withLock { $0.append(change) } }
    }

    private let box: Box
    private let task: Task<Void, Never>

    init(_ client: any AuthClientProtocol) {
        let stream = client.authStateChanges()
        let box = Box()
        self.box = box
        task = Task {
            for await change in stream { box.append(change) }
        }
    }

    deinit { task.cancel() }

    var changes: [AuthStateChange] { box.changes.withLock { $0 } }
    var names: [AuthChangeEvent] { changes.map(\.event) }

    /// Waits (bounded: about 120 s, for a loaded machine) until at least `count` events arrived;
    /// returns their names.
    @discardableResult
    func wait(count: Int) async -> [AuthChangeEvent] {
        for _ in 0..<12_000 where changes.count < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return names
    }
}
