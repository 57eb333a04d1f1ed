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
import GatehouseTestSupport
import Logging
import SQLKit
import ServiceLifecycle
import Synchronization
import Testing

@testable import GatehouseServer

/// With the database failing, the outbox worker's retries back off instead of hitting it (and
/// the log) every second (the shutdown half is Conformance/test_shutdown.py).
@Suite("Outbox back-off")
struct OutboxBackoffTests {
    /// A store whose every call fails at once, as PostgreSQL's pool does once its circuit breaker
    /// has tripped.
    struct UnreachableStore: SQLStore {
        struct Unreachable: Error {}
        let engine = SQLEngine.postgres
        func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T { throw Unreachable() }
        func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T { throw Unreachable() }
        func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
            throw Unreachable()
        }
        func shutdown() async {}
    }

    /// Keeps every message logged, with its time.
    final class CapturedLog: Sendable {
        let lines = Mutex<[(Date, String)]>([])
        func times(of message: String) -> [Date] { lines.withLock { $0.filter { $0.1 == message }.map(\.0) } }
    }

    struct CapturingHandler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(
            level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String,
            line: UInt
        ) {
            log.lines.withLock { $0.append((Date(), message.description)) }
        }
    }

    /// The pauses the worker asks its wake signal for, ended at once (up to `limit`; past it a
    /// pause lasts until the shutdown's nudge ends it).
    final class RecordedPauses: Sendable {
        let pauses = Watched<[Double]>([])
        let limit: Int
        init(limit: Int) { self.limit = limit }

        func sleep(_ seconds: Double) async {
            let count = pauses.update { pauses -> Int in
                pauses.append(seconds)
                return pauses.count
            }
            // Real time, only to outlast the test: the shutdown's nudge ends the wait first.
            if count > limit { try? await Task.sleep(for: .seconds(10)) }
        }
    }

    @Test("claim failures are retried after 1, 2, 4 … seconds, not every second")
    func backsOff() async throws {
        let captured = CapturedLog()
        let logger = Logger(label: "outbox-backoff") { _ in CapturingHandler(log: captured) }
        var environment = try await ServerEnvironment.live(
            configuration: ServerConfiguration(jwtSecret: TestServer.jwtSecret), store: UnreachableStore(), logger: logger
        )
        let recorded = RecordedPauses(limit: 7)
        environment.outboxSignal = WakeSignal(sleep: { await recorded.sleep($0) })
        environment.schemaReady.open()
        let worker = OutboxWorker(environment: environment, mail: MailService(environment))
        let group = ServiceGroup(configuration: .init(services: [worker], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // The pauses end at once, so the worker gets there as fast as it can fail.
            await recorded.pauses.wait { $0.count > recorded.limit }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let pauses = Array(recorded.pauses.value.prefix(recorded.limit))
        try #require(pauses.count == recorded.limit, "the worker paused \(pauses.count) times")
        // One claim failure before each pause, and each pause twice the last (1, 2, 4 … s, up to
        // the cap: the seventh is 60 s, not 64; ±25 %).
        #expect(captured.times(of: "Outbox: claiming jobs failed").count >= recorded.limit)
        for (index, pause) in pauses.enumerated() {
            let nominal = min(worker.maximumFailurePause, pow(2, Double(index)))
            #expect(pause >= nominal * 0.75 && pause <= nominal * 1.25, "pause \(pause) after \(index + 1) failures")
        }
        for failures in 1...12 {
            let pause = worker.failurePause(after: failures)
            let nominal = min(worker.maximumFailurePause, pow(2, Double(failures - 1)))
            #expect(pause >= nominal * 0.75 && pause <= nominal * 1.25, "pause \(pause) after \(failures) failures")
        }
    }
}
