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
import GatehouseTestSupport
import Testing

/// Collects a client's auth events as they arrive.
final class EventLog: Sendable {
    private let client: any AuthClientProtocol
    private let received = Watched<[AuthStateChange]>([])
    private let task: Task<Void, Never>

    init(_ client: any AuthClientProtocol) {
        self.client = client
        let stream = client.authStateChanges()
        let received = received
        task = Task {
            for await change in stream { received.update { $0.append(change) } }
        }
    }

    deinit { task.cancel() }

    var changes: [AuthStateChange] { received.value }
    var names: [AuthChangeEvent] { changes.map(\.event) }

    /// Waits (bounded, see `Watched`) until at least `count` events arrived; returns their names.
    @discardableResult
    func wait(count: Int) async -> [AuthChangeEvent] {
        await received.wait { $0.count >= count }
        return names
    }

    /// Every event the client has emitted so far, and no more: the client announces a marker
    /// after them (`restoreSession()` repeats `initialSession` once a session was read, changing
    /// nothing; streams keep the order of emission), and the events before it are returned. Not
    /// for a test that announces an `initialSession` of its own meanwhile.
    func emittedSoFar() async -> [AuthChangeEvent] {
        let seen = changes.count
        _ = await client.restoreSession()
        if await !received.wait(until: { $0.dropFirst(seen).contains { $0.event == .initialSession } }) {
            Issue.record("the marker event never arrived")
        }
        return received.update { changes in
            guard let marker = changes.indices.dropFirst(seen).first(where: { changes[$0].event == .initialSession }) else {
                return changes.map(\.event)
            }
            changes.remove(at: marker)
            return changes[..<marker].map(\.event)
        }
    }
}
