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

/// How long a unit of work waited for its database connection before its first statement:
/// on PostgreSQL for a connection of the pool, on SQLite for the one writer (writes queue in
/// arrival order behind it). SQLite's reads share the reader connections round-robin and wait for
/// none, so they record nothing.
///
/// `gatehouse_db_pool_wait_seconds{engine, kind}`, `kind` `read` or `write`; its `_count` is the
/// number of connections obtained. The timers are made once, with the store, so that a wait
/// costs two clock reads (asked, obtained) and one histogram record on the hot path, and no
/// allocation.
struct DatabasePoolWaits: Sendable {
    static let metricName = "gatehouse_db_pool_wait_seconds"

    /// Finer than the request buckets: an uncontended wait is a few microseconds.
    static let buckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
    ]

    enum Kind: Sendable {
        case read
        case write
    }

    private let reads: CoreMetrics.Timer?
    private let writes: CoreMetrics.Timer

    init(engine: SQLEngine, pooledReads: Bool, factory: DescribedMetricsFactory) {
        func timer(_ kind: String) -> CoreMetrics.Timer {
            CoreMetrics.Timer(label: Self.metricName, dimensions: [("engine", engine.rawValue), ("kind", kind)], factory: factory)
        }
        reads = pooledReads ? timer("read") : nil
        writes = timer("write")
    }

    /// One connection obtained, by a unit of work that asked for it at `asked`.
    func record(_ kind: Kind, since asked: ContinuousClock.Instant) {
        let waited = asked.duration(to: .now).nanoseconds
        switch kind {
        case .read: reads?.recordNanoseconds(waited)
        case .write: writes.recordNanoseconds(waited)
        }
    }
}

extension GatehouseMetrics {
    /// The pool-wait timers of a store on `engine`, made once when the store opens.
    /// `pooledReads`: whether reads wait for a connection of a pool too (or only writes do).
    func databasePoolWaits(_ engine: SQLEngine, pooledReads: Bool) -> DatabasePoolWaits {
        DatabasePoolWaits(engine: engine, pooledReads: pooledReads, factory: factory)
    }
}
