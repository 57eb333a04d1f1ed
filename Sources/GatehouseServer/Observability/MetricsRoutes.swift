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

/// `GET /metrics`: the Prometheus text exposition of this application's metrics, behind
/// `MetricsAccessMiddleware` (`GATEHOUSE_METRICS`). The outbox's gauges are read from the
/// database at each scrape, so every instance on a shared PostgreSQL reports the same queue.
struct MetricsRoutes {
    let service: GatehouseServices

    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    func add(to router: Router<GatehouseRequestContext>) {
        let metrics = service.environment.metrics
        let mail = service.mail
        router.with(MetricsAccessMiddleware(access: service.configuration.effectiveMetricsAccess))
            .get("metrics") { _, context in
                do {
                    metrics.setOutbox(try await mail.outboxStatus())
                } catch {
                    // The request counters still answer; the stale gauges say when the queue was last read.
                    context.logger.warning(
                        "Metrics: reading the outbox failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
                }
                return Response(
                    status: .ok, headers: [.contentType: Self.contentType],
                    body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
            }
    }
}
