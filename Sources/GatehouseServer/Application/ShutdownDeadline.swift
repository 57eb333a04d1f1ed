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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last word on shutdown: a little after the shutdown timeout, if something still ignores
/// cancellation (a database connection attempt into a black hole was seen doing so), the process
/// exits at once. ServiceLifecycle's own bound ends in a `fatalError`, whose crash report can take
/// seconds to write; this ends first, with a log line instead of a crash.
///
/// Listed after the application, so it is the first service told to shut down: it arms its timer
/// then and returns, and the others shut down as before.
struct ShutdownDeadline: Service {
    let after: Duration
    let logger: Logger

    func run() async throws {
        // Returns when shutdown begins (or throws if the group is cancelled: nothing to arm).
        do { try await gracefulShutdown() } catch { return }
        let after = after
        let logger = logger
        Task.detached {
            try? await Task.sleep(for: after)
            logger.critical("Shutdown did not finish in time; exiting")
            _exit(1)
        }
    }
}
