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

import Foundation
import GatehouseCore
import Synchronization
import Testing

@testable import GatehouseServer

/// The worker claims its next batch without waiting for the one before to be sent and settled:
/// up to the store's `outboxBatchesInFlight` batches at once (one on SQLite, several on
/// PostgreSQL), each with at most `sendConcurrency` sends in flight.
@Suite("Outbox: batches in flight")
struct OutboxBatchesInFlightTests {
    /// Holds every send until the worker is cancelled, and counts the sends held at once.
    final class HeldTransport: MailTransport {
        let name = "held"
        private let state = Mutex((held: 0, most: 0))
        var most: Int { state.withLock { $0.most } }

        func send(_ message: MailMessage) async throws(MailDeliveryError) {
            state.withLock {
                $0.held += 1
                $0.most = max($0.most, $0.held)
            }
            defer { state.withLock { $0.held -= 1 } }
            // Until the worker is cancelled, 20 s at most.
            for _ in 0..<4_000 where !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            throw MailDeliveryError(transient: true, "held by the test")
        }
    }

    @Test("as many batches are sent at once as the engine allows, and no more", arguments: Backend.all)
    func batchesInFlight(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            var environment = fixture.environment
            let transport = HeldTransport()
            environment.transport = transport
            let worker = OutboxWorker(environment: environment, mail: MailService(environment))
            let batches = environment.store.outboxBatchesInFlight
            #expect(batches == (backend == .sqlite ? 1 : 4))

            // One batch more than may be in flight, so a missing limit would show.
            let now = fixture.clock.clock.now()
            let jobs = worker.batchSize * (batches + 1)
            try await environment.store.run(.transaction) { database in
                for index in 0..<jobs {
                    let message = MailMessage(
                        from: MailAddress("from@example.com"), to: MailAddress("to-\(index)@example.com"), subject: "held", text: "hi")
                    try await database.outbox.enqueue(.direct(message), id: UUID(), now: now)
                }
            }

            let expected = worker.sendConcurrency * batches
            environment.schemaReady.open()  // the fixture has migrated; the worker waits for this
            let running = Task { try? await worker.run() }
            for _ in 0..<1_000 where transport.most < expected { try await Task.sleep(for: .milliseconds(10)) }
            // Long enough for one more batch to be claimed and started, were it allowed.
            try await Task.sleep(for: .milliseconds(300))
            running.cancel()
            await running.value
            #expect(transport.most == expected)
        }
    }
}
