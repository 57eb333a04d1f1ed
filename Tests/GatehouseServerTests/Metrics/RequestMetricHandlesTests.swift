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

/// Request metrics keep their handles per route, method and status class: the counts are the
/// same as when each request made its own, past the bound on kept handles too.
@Suite struct RequestMetricHandlesTests {
    @Test func keptHandlesCountEveryRequestUnderItsOwnLabels() {
        let metrics = GatehouseMetrics()
        for _ in 0..<3 { metrics.recordRequest(route: "/auth/v1/recover", method: "POST", status: 200, duration: .milliseconds(2)) }
        metrics.recordRequest(route: "/auth/v1/recover", method: "POST", status: 429, duration: .milliseconds(1))
        metrics.recordRequest(route: "/health", method: "GET", status: 200, duration: .milliseconds(1))
        let text = metrics.exposition()
        #expect(text.contains(#"gatehouse_http_requests_total{route="/auth/v1/recover",method="POST",status="2xx"} 3"#), "\(text)")
        #expect(text.contains(#"gatehouse_http_requests_total{route="/auth/v1/recover",method="POST",status="4xx"} 1"#))
        #expect(text.contains(#"gatehouse_http_requests_total{route="/health",method="GET",status="2xx"} 1"#))
        #expect(text.contains(#"gatehouse_http_request_duration_seconds_count{route="/auth/v1/recover",method="POST"} 4"#))
    }

    @Test func pastTheBoundRequestsAreStillCounted() {
        let metrics = GatehouseMetrics()
        let routes = GatehouseMetrics.requestHandleLimit + 10
        for index in 0..<routes { metrics.recordRequest(route: "/r\(index)", method: "GET", status: 200, duration: .zero) }
        metrics.recordRequest(route: "/r\(routes - 1)", method: "GET", status: 200, duration: .zero)
        let text = metrics.exposition()
        #expect(text.contains(#"gatehouse_http_requests_total{route="/r0",method="GET",status="2xx"} 1"#))
        #expect(text.contains(#"gatehouse_http_requests_total{route="/r\#(routes - 1)",method="GET",status="2xx"} 2"#))
    }
}
