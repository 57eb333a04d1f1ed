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

/// swift-metrics' factory over one Prometheus registry, as swift-prometheus' own
/// `PrometheusMetricsFactory`, except that every family is made with its `# HELP` text
/// (`MetricDescriptions`): that factory registers each family with an empty one, and the
/// registry refuses a second text for a family once it has one.
struct DescribedMetricsFactory: Sendable {
    let registry: PrometheusCollectorRegistry
    /// The buckets of every timer without its own in `durationHistogramBuckets`.
    var defaultDurationHistogramBuckets: [Duration]
    /// Buckets by timer name.
    var durationHistogramBuckets: [String: [Duration]] = [:]

    init(registry: PrometheusCollectorRegistry, defaultDurationHistogramBuckets: [Duration]) {
        self.registry = registry
        self.defaultDurationHistogramBuckets = defaultDurationHistogramBuckets
    }
}

extension DescribedMetricsFactory: CoreMetrics.MetricsFactory {
    func makeCounter(label: String, dimensions: [(String, String)]) -> any CoreMetrics.CounterHandler {
        registry.makeCounter(descriptor: MetricDescriptions.descriptor(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: MetricDescriptions.descriptor(label), labels: dimensions)
    }

    /// Recorders are gauges here: the server records no value distributions other than durations.
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any CoreMetrics.RecorderHandler {
        registry.makeGauge(descriptor: MetricDescriptions.descriptor(label), labels: dimensions)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any CoreMetrics.MeterHandler {
        registry.makeGauge(descriptor: MetricDescriptions.descriptor(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any CoreMetrics.TimerHandler {
        registry.makeDurationHistogram(
            descriptor: MetricDescriptions.descriptor(label), labels: dimensions,
            buckets: durationHistogramBuckets[label] ?? defaultDurationHistogramBuckets)
    }

    func destroyCounter(_ handler: any CoreMetrics.CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any CoreMetrics.RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyMeter(_ handler: any CoreMetrics.MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any CoreMetrics.TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
