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

    @Test("claim failures are retried after 1, 2, 4 … seconds, not every second")
    func backsOff() async throws {
        let captured = CapturedLog()
        let logger = Logger(label: "outbox-backoff") { _ in CapturingHandler(log: captured) }
        let environment = try await ServerEnvironment.live(
            configuration: ServerConfiguration(jwtSecret: TestServer.jwtSecret), store: UnreachableStore(), logger: logger
        )
        environment.schemaReady.open()
        let worker = OutboxWorker(environment: environment, mail: MailService(environment))
        let group = ServiceGroup(configuration: .init(services: [worker], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Measured from the first failure: a loaded machine can take seconds to get there.
            for _ in 0..<1200 where captured.times(of: "Outbox: claiming jobs failed").isEmpty {
                try await Task.sleep(for: .milliseconds(100))
            }
            try await Task.sleep(for: .milliseconds(6500))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let failures = captured.times(of: "Outbox: claiming jobs failed")
        // Every second: 8 in the first one's 6.5 s. Backing off (1, 2, 4 s ± 25 %): at most 4. A loaded machine
        // only makes fewer, so the upper bound is what this run can prove; the doubling itself
        // is checked below without the wall clock.
        #expect(failures.count >= 1)
        #expect(failures.count <= 4, "\(failures.count) claim failures in 6.5 s")
        for failures in 1...12 {
            let pause = worker.failurePause(after: failures)
            let nominal = min(worker.maximumFailurePause, pow(2, Double(failures - 1)))
            #expect(pause >= nominal * 0.75 && pause <= nominal * 1.25, "pause \(pause) after \(failures) failures")
        }
        #expect(worker.failurePause(after: 1) <= 1.25 && worker.failurePause(after: 3) >= 3)
    }
}
