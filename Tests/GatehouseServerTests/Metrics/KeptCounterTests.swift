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

/// The server's own counters keep one handle per combination of label values: each count lands
/// under its own labels, as when every event made its handle.
@Suite struct KeptCounterTests {
    @Test func eachCounterCountsUnderItsOwnLabels() {
        let metrics = GatehouseMetrics()
        for _ in 0..<3 { metrics.recordOutbox("sent") }
        metrics.recordOutbox("skipped")
        metrics.recordEmailRequest("recovery")
        metrics.recordEmailRequest("recovery")
        metrics.recordEmailRequest("signup")
        metrics.recordSignIn(failure: nil)
        metrics.recordSignIn(failure: .invalidCredentials)
        metrics.recordSignIn(failure: nil)
        metrics.recordRedemption("code")
        metrics.recordEmailRequestCommit(requests: 3)
        metrics.recordEmailRequestCommit(requests: 4)
        metrics.recordPasswordHash(.milliseconds(80))
        metrics.recordPasswordHash(.milliseconds(90))
        let text = metrics.exposition()
        for line in [
            #"gatehouse_outbox_deliveries_total{event="sent"} 3"#, #"gatehouse_outbox_deliveries_total{event="skipped"} 1"#,
            #"gatehouse_recovery_requests_total{kind="recovery"} 2"#, #"gatehouse_recovery_requests_total{kind="signup"} 1"#,
            #"gatehouse_sign_ins_total{outcome="succeeded",reason="none"} 2"#,
            #"gatehouse_sign_ins_total{outcome="failed",reason="invalid_credentials"} 1"#,
            #"gatehouse_redemptions_total{form="code"} 1"#, "gatehouse_email_request_commits_total 2",
            "gatehouse_email_request_committed_total 7", "gatehouse_password_hash_duration_seconds_count 2",
        ] {
            #expect(text.contains(line), "\(line) in \(text)")
        }
        // Nothing counted, nothing shown: a family appears with its first count.
        #expect(!text.contains("gatehouse_password_breach_lookups_total"))
    }

    @Test func theSameLabelsGetTheSameHandle() {
        let metrics = GatehouseMetrics()
        let family = CounterFamily("gatehouse_outbox_deliveries_total", dimensions: ["event"], factory: metrics.factory)
        #expect(family("sent") === family("sent"))
        #expect(family("sent") !== family("dead"))
    }

    @Test func pastTheBoundHandlesAreMadeEachTimeAndNotKept() {
        let cache = MetricHandleCache<Int, Box>(limit: 2)
        var made = 0
        func handle(_ key: Int) -> Box {
            cache.handle(key) {
                made += 1
                return Box(key)
            }
        }
        #expect(handle(1) === handle(1))
        _ = handle(2)
        _ = handle(3)
        _ = handle(3)
        #expect(made == 4, "keys 1 and 2 kept, key 3 made each time")
        #expect(handle(2).key == 2)
    }

    final class Box: Sendable {
        let key: Int
        init(_ key: Int) { self.key = key }
    }
}
