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

extension Store {
    /// Where rate limiters keep their buckets: in the database on PostgreSQL, which may serve
    /// several instances (they must spend from one bucket); in memory on SQLite, which serves
    /// one instance by design.
    func rateLimitBuckets() -> any RateLimitBuckets {
        engine == .postgres ? DatabaseRateLimitBuckets(store: self) : MemoryRateLimitBuckets()
    }
}

/// Buckets in the database (`rate_limit_buckets`): every instance on the database
/// spends from the same bucket, in one atomic upsert per request. A database that fails here
/// answers 500, as for any request that needs it: failing open would lift every limit at once.
struct DatabaseRateLimitBuckets: RateLimitBuckets {
    let store: Store

    func take(from key: String, in bucket: String, limit: RequestLimit, now: Double) async throws(AuthError) -> Int? {
        let left = try await store.run(.statement) { database in
            try await database.rateLimitBuckets.take(
                bucket: bucket, key: key, burst: limit.burst, refillPerSecond: limit.refillPerSecond,
                nowMicros: Int64(now * 1_000_000))
        }
        guard let left else { return nil }
        return limit.secondsUntilNext(from: left)
    }
}
