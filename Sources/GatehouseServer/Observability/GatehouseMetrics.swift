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

import CoreMetrics
import Prometheus
import Synchronization

/// The server's metrics, one set per application: its own Prometheus registry, and every
/// metric made through swift-metrics with that registry's factory passed explicitly.
///
/// Never `MetricsSystem.bootstrap`: it is process-wide and once-only, while tests build many
/// applications in one process, each of which must count only its own requests.
///
/// No label ever carries user data: routes are the router's patterns (`/admin/users/{id}`),
/// statuses are classes (`2xx`), reasons are error codes from a fixed vocabulary.
final class GatehouseMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let factory: DescribedMetricsFactory
    /// `process_*`, read from `/proc` at each scrape (nil where there is none).
    private let process: ProcessMetrics?
    /// Every request's counter and timer, made once per route, method and status class.
    private let requestHandles = MetricHandleCache<RequestMetricKey, RequestMetricHandles>(limit: requestHandleLimit)
    static let requestHandleLimit = 1_024
    private let signIns: CounterFamily
    private let emailRequests: CounterFamily
    private let redemptions: CounterFamily
    private let outboxDeliveries: CounterFamily
    private let breachLookups: CounterFamily
    let emailRequestCommits: CounterFamily
    let emailRequestsCommitted: CounterFamily
    private let timers = MetricHandleCache<String, CoreMetrics.Timer>(limit: 16)

    init() {
        registry = PrometheusCollectorRegistry()
        // bcrypt at the usual costs takes 50–500 ms; requests a few ms: one set of buckets fits both.
        var factory = DescribedMetricsFactory(
            registry: registry,
            defaultDurationHistogramBuckets: [
                .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
                .seconds(10),
            ])
        factory.durationHistogramBuckets[DatabasePoolWaits.metricName] = DatabasePoolWaits.buckets
        self.factory = factory
        signIns = CounterFamily("gatehouse_sign_ins_total", dimensions: ["outcome", "reason"], factory: factory)
        emailRequests = CounterFamily("gatehouse_recovery_requests_total", dimensions: ["kind"], factory: factory)
        redemptions = CounterFamily("gatehouse_redemptions_total", dimensions: ["form"], factory: factory)
        outboxDeliveries = CounterFamily("gatehouse_outbox_deliveries_total", dimensions: ["event"], factory: factory)
        breachLookups = CounterFamily("gatehouse_password_breach_lookups_total", dimensions: ["outcome"], factory: factory)
        emailRequestCommits = CounterFamily("gatehouse_email_request_commits_total", factory: factory)
        emailRequestsCommitted = CounterFamily("gatehouse_email_request_committed_total", factory: factory)
        process = ProcessMetrics.make(in: registry)
        registry.makeGauge(
            descriptor: MetricDescriptions.descriptor("gatehouse_build_info"),
            labels: [("version", GatehouseVersion.version), ("commit", GatehouseVersion.commit)]
        ).set(to: 1)
    }

    /// The route label of a request no route matched: one label for every unknown path, so a
    /// scanner cannot grow the label set (or write into it).
    static let unmatchedRoute = "unmatched"

    /// One answered request: its route pattern, method, status class and duration.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestMetricKey(route: route, method: method, statusClass: status / 100)
        let handles = requestHandles.handle(key) { RequestMetricHandles(key, factory: factory) }
        handles.requests.increment()
        handles.duration.recordNanoseconds(duration.nanoseconds)
    }

    /// A password sign-in: `succeeded`, or `failed` with the error code as the reason class.
    func recordSignIn(failure: AuthError?) {
        if let failure {
            signIns("failed", failure.code.rawValue).increment()
        } else {
            signIns("succeeded", "none").increment()
        }
    }

    /// A "send me an email" request accepted (`/recover`, `/resend`, the Edge Function and REST
    /// shapes, the forgot-password form), by the email's kind (`recovery`, `signup`).
    func recordEmailRequest(_ kind: String) {
        emailRequests(kind).increment()
    }

    /// An emailed code or link redeemed (`code` or `link`).
    func recordRedemption(_ form: String) {
        redemptions(form).increment()
    }

    /// The outbox worker's outcomes: `sent`, `skipped` (nothing to send), `retried` (a failed
    /// try that will be tried again), `dead`.
    func recordOutbox(_ event: String) {
        outboxDeliveries(event).increment()
    }

    /// One bcrypt hash or verify, as long as it ran on the hashing pool.
    func recordPasswordHash(_ duration: Duration) {
        let label = "gatehouse_password_hash_duration_seconds"
        timers.handle(label) { CoreMetrics.Timer(label: label, factory: factory) }.recordNanoseconds(duration.nanoseconds)
    }

    /// One lookup of `GATEHOUSE_PASSWORD_BREACH_API`: `breached`, `clean`, or `failed` (the
    /// password was let through unchecked).
    func recordPasswordBreachLookup(_ outcome: PasswordBreachLookup.Outcome) {
        breachLookups(outcome.rawValue).increment()
    }

    /// The outbox's jobs by state, read from the database at scrape time.
    func setOutbox(_ status: OutboxStatus) {
        for (state, count) in [
            ("pending", status.pending), ("sending", status.sending), ("sent", status.sent), ("skipped", status.skipped),
            ("dead", status.dead),
        ] {
            CoreMetrics.Gauge(label: "gatehouse_outbox_jobs", dimensions: [("state", state)], factory: factory).record(count)
        }
    }

    /// The Prometheus text exposition of everything recorded so far, the process's metrics read now.
    func exposition() -> String {
        process?.update()
        return registry.emitToString()
    }
}

/// What a request's metrics are labelled with.
private struct RequestMetricKey: Hashable {
    var route: String
    var method: String
    var statusClass: Int
}

/// A request's two metric handles (`gatehouse_http_requests_total`,
/// `gatehouse_http_request_duration_seconds`).
private struct RequestMetricHandles: Sendable {
    let requests: CoreMetrics.Counter
    let duration: CoreMetrics.Timer

    init(_ key: RequestMetricKey, factory: DescribedMetricsFactory) {
        requests = CoreMetrics.Counter(
            label: "gatehouse_http_requests_total",
            dimensions: [("route", key.route), ("method", key.method), ("status", "\(key.statusClass)xx")], factory: factory)
        duration = CoreMetrics.Timer(
            label: "gatehouse_http_request_duration_seconds", dimensions: [("route", key.route), ("method", key.method)],
            factory: factory)
    }
}

extension Duration {
    /// Whole nanoseconds (saturating), for swift-metrics' timers.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
