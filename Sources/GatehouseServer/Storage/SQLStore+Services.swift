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
import ServiceLifecycle

/// What a store runs beside the server, for the application's service group, so that no code
/// outside Storage asks which engine it has.
extension SQLStore {
    /// Runs for as long as the store is used, started before and stopped after everything that
    /// queries: PostgreSQL's client pool serves queries only while its `run()` runs.
    var connectionService: (any Service)? { self as? PostgresStore }

    /// The store's upkeep, stopped before the store closes: SQLite's checkpoints of its WAL.
    var upkeepServices: [any Service] {
        guard let sqlite = self as? SQLiteStore else { return [] }
        return [SQLiteCheckpointer(store: sqlite)]
    }
}
