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

/// The counters of one metric, one per combination of its labels' values, each made the first
/// time it is counted (`MetricHandleCache`).
struct CounterFamily: Sendable {
    let label: String
    let dimensionNames: [String]
    private let factory: DescribedMetricsFactory
    private let counters: MetricHandleCache<[String], CoreMetrics.Counter>

    init(_ label: String, dimensions dimensionNames: [String] = [], factory: DescribedMetricsFactory, limit: Int = 256) {
        self.label = label
        self.dimensionNames = dimensionNames
        self.factory = factory
        counters = MetricHandleCache(limit: limit)
    }

    /// The counter whose labels have `values`, in the order of `dimensionNames`.
    func callAsFunction(_ values: String...) -> CoreMetrics.Counter {
        precondition(values.count == dimensionNames.count, "\(label) has \(dimensionNames.count) labels")
        return counters.handle(values) {
            CoreMetrics.Counter(label: label, dimensions: Array(zip(dimensionNames, values)), factory: factory)
        }
    }
}
