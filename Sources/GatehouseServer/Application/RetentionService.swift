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

import Logging
import ServiceLifecycle

/// Runs `Retention.purge` once the schema is ready and then hourly, until shutdown.
struct RetentionService: Service {
    let environment: ServerEnvironment
    var interval: Duration = .seconds(3600)

    func run() async throws {
        // A shutdown before migrations have run must not leave this task waiting.
        await withGracefulShutdownHandler {
            await environment.schemaReady.wait()
        } onGracefulShutdown: {
            environment.schemaReady.open()
        }
        while !Task.isShuttingDownGracefully {
            do {
                let now = environment.clock.now()
                let auditRetention = environment.configuration.auditRetention
                try await environment.store.perform(.transaction) { try await $0.retention.purge(now: now, auditRetention: auditRetention) }
            } catch {
                environment.logger.warning("Retention: purge failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
