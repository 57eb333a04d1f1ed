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

import Foundation
import Synchronization

/// Where a rate limiter keeps its per-client buckets.
protocol RateLimitBuckets: Sendable {
    /// Takes one request from `key`'s bucket in the limiter named `bucket` (one atomic step).
    /// Returns nil when allowed, or the seconds to wait.
    func take(from key: String, in bucket: String, limit: RequestLimit, now: Double) async throws(AuthError) -> Int?
}

/// Buckets in this process's memory: for a store that serves one instance (`Store.rateLimitBuckets`).
final class MemoryRateLimitBuckets: RateLimitBuckets {
    private struct Bucket {
        var tokens: Double
        var updatedAt: Double
    }

    /// One limiter's buckets, by client key.
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Past this many tracked clients, full buckets (clients that have been quiet) are dropped.
    private let pruneThreshold = 50_000

    init() {}

    func take(from key: String, in _: String, limit: RequestLimit, now: Double) throws(AuthError) -> Int? {
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: limit.burst, updatedAt: now)
            bucket.tokens = min(limit.burst, bucket.tokens + max(0, now - bucket.updatedAt) * limit.refillPerSecond)
            bucket.updatedAt = now
            defer {
                buckets[key] = bucket
                if buckets.count > pruneThreshold { prune(&buckets, now: now, limit: limit) }
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return limit.secondsUntilNext(from: bucket.tokens)
        }
    }

    private func prune(_ buckets: inout [String: Bucket], now: Double, limit: RequestLimit) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updatedAt) * limit.refillPerSecond < limit.burst
        }
    }
}
