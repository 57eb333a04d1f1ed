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

import Testing

@testable import GatehouseServer

/// `/health/ready` answers within its limit even when the database driver does not stop waiting
/// when asked to (a pool waiting for a connection to a database that refuses them): the answer
/// is "unreachable", and the probe is left to finish on its own.
@Suite("Readiness: the time limit")
struct ReadinessDeadlineTests {
    @Test("a probe that ignores cancellation: unreachable at the limit, without waiting for it")
    func stuckProbe() async {
        let release = Latch()
        // Had the check waited for the probe, it would answer only once this opens the latch, and
        // the expectation below would fail instead of the test hanging.
        let backstopOpened = StopFlag()
        let backstop = Task {
            try? await Task.sleep(for: .seconds(10))
            backstopOpened.set()
            release.open()
        }
        defer { backstop.cancel() }
        let readiness = await DatabaseReadiness.check(within: .milliseconds(50)) {
            // Not cancellable: `Latch.wait` resumes only when the latch opens.
            await release.wait()
            return DatabaseReadiness(database: .reachable, migrations: .current)
        }
        #expect(!backstopOpened.isSet, "the answer waited for the probe")
        release.open()
        #expect(readiness == DatabaseReadiness(database: .unreachable, migrations: .unknown))
    }

    @Test("a probe that answers in time gives its answer")
    func answeringProbe() async {
        let readiness = await DatabaseReadiness.check(within: .seconds(30)) {
            DatabaseReadiness(database: .reachable, migrations: .pending)
        }
        #expect(readiness == DatabaseReadiness(database: .reachable, migrations: .pending))
    }
}
