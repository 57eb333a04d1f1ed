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

import PostgresNIO
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
        let postgres = try database.postgresConnection()
        let row = try await postgres.rows(
            RateLimitTakeStatement(bucket: bucket, key: key, burst: burst, refillPerSecond: refillPerSecond, nowMicros: nowMicros)
        ).first
        guard let row, try !row.decode(column: "allowed", as: Bool.self) else { return nil }
        return try row.decode(column: "tokens", as: Double.self)
    }
}

/// `RateLimitBucketRepository.take`'s upsert, which PostgreSQL keeps prepared: it runs before
/// every limited request (each token grant among them), where an unnamed statement of its size
/// was parsed and planned again each time.
struct RateLimitTakeStatement: PostgresKeptStatement {
    /// 1 the bucket, 2 the client key, 3 the burst, 4 now (microseconds), 5 the refill a second.
    static let sql = """
        INSERT INTO rate_limit_buckets AS b (bucket, client_key, tokens, allowed, updated_at)
        VALUES ($1, $2, $3::float8 - 1, TRUE, $4::int8)
        ON CONFLICT (bucket, client_key) DO UPDATE SET
            tokens = CASE WHEN \(refilled) >= 1 THEN \(refilled) - 1 ELSE \(refilled) END,
            allowed = \(refilled) >= 1,
            updated_at = GREATEST(b.updated_at, $4::int8)
        RETURNING tokens, allowed
        """

    /// The bucket's content now: what it held, plus the refill since, at most the burst.
    private static let refilled = "LEAST($3::float8, b.tokens + GREATEST(0, $4::int8 - b.updated_at)::float8 / 1000000.0 * $5::float8)"

    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .float8, .int8, .float8]

    let bucket: String
    let key: String
    let burst: Double
    let refillPerSecond: Double
    let nowMicros: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(bucket)
        bindings.append(key)
        bindings.append(burst)
        bindings.append(nowMicros)
        bindings.append(refillPerSecond)
        return bindings
    }
}
