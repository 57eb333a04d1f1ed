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

import SQLKit

/// The per-client request buckets of the PostgreSQL engine (`rate_limit_buckets`), shared by
/// every instance on the database: a token bucket per limiter (`bucket`: token, otp, verify, passkey) and
/// client key, refilled by the time since its last use.
struct RateLimitBucketRepository: Sendable {
    let database: any SQLDatabase

    /// Takes one request from the bucket in one upsert: the row lock orders concurrent takes from
    /// any instance, and every right-hand side reads the row as it was before. Returns nil when
    /// the request may go on, or the tokens left (under one) when it may not.
    func take(bucket: String, key: String, burst: Double, refillPerSecond: Double, nowMicros: Int64) async throws -> Double? {
        // The bucket's content now: what it held, plus the refill since, at most `burst`.
        let refilled: SQLQueryString = """
            LEAST(\(bind: burst)::float8,
                b.tokens + GREATEST(0, \(bind: nowMicros)::int8 - b.updated_at)::float8 / 1000000.0 * \(bind: refillPerSecond)::float8)
            """
        let row = try await database.raw(
            """
            INSERT INTO rate_limit_buckets AS b (bucket, client_key, tokens, allowed, updated_at)
            VALUES (\(bind: bucket), \(bind: key), \(bind: burst - 1)::float8, TRUE, \(bind: nowMicros)::int8)
            ON CONFLICT (bucket, client_key) DO UPDATE SET
                tokens = CASE WHEN \(refilled) >= 1 THEN \(refilled) - 1 ELSE \(refilled) END,
                allowed = \(refilled) >= 1,
                updated_at = GREATEST(b.updated_at, \(bind: nowMicros)::int8)
            RETURNING tokens, allowed
            """
        ).first()
        guard let row, try !row.decode(column: "allowed", as: Bool.self) else { return nil }
        return try row.decode(column: "tokens", as: Double.self)
    }
}
