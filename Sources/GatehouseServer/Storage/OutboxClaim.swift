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

import GatehouseCore

extension Store {
    /// Claims up to `limit` due jobs for the outbox worker (`OutboxRepository.claim`).
    ///
    /// On PostgreSQL the claim runs in a transaction of its own with bitmap scans off. It is
    /// written to read each kind of due job in order from `outbox_due`: an ordered index scan
    /// marks the versions finished jobs left in the index as dead the first time it meets them.
    /// While the outbox's statistics are young (taken while it held few jobs, before autovacuum's
    /// next analyze), PostgreSQL estimates a few dozen due rows and prefers a bitmap of the index
    /// and a sort, which visits every version the index still lists, at every claim, several
    /// times a second (Benchmarks/PROFILE.md, "The outbox claim's plan").
    func claimOutbox(limit: Int, lease: Double, now: Timestamp) async throws -> [OutboxEntry] {
        guard sql.engine == .postgres else {
            return try await perform(.statement) { try await $0.outbox.claim(limit: limit, lease: lease, now: now) }
        }
        return try await perform(.transaction) { database in
            try await database.database.raw("SET LOCAL enable_bitmapscan = off").run()
            return try await database.outbox.claim(limit: limit, lease: lease, now: now)
        }
    }
}
