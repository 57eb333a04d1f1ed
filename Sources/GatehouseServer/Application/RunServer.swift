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

import Hummingbird
import Logging
import ServiceLifecycle

/// Runs the application until SIGTERM or SIGINT, with a bounded shutdown.
///
/// A graceful shutdown lets requests and sends in flight finish, but one that waits on an
/// unreachable database or a mail relay that never answers would never end. After
/// `shutdownTimeout` seconds every service still running is cancelled (database waits and sends
/// stop at once; unsent mail stays in the outbox for the next start); if something still ignores
/// cancellation two seconds later, `ShutdownDeadline` ends the process.
public func runServer(_ app: some ApplicationProtocol, configuration: ServerConfiguration, logger: Logger? = nil) async throws {
    var logger = logger ?? Logger(label: "gatehouse")
    logger.logLevel = configuration.logLevel
    var groupConfiguration = ServiceGroupConfiguration(
        services: [
            .init(service: app),
            // Last, so it hears of the shutdown first and arms its deadline.
            .init(service: ShutdownDeadline(after: .seconds(configuration.shutdownTimeout + 2), logger: logger)),
        ],
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
    )
    groupConfiguration.maximumGracefulShutdownDuration = .seconds(configuration.shutdownTimeout)
    groupConfiguration.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: groupConfiguration).run()
}
