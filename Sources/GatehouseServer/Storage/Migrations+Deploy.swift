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

/// The schema of several instances on one PostgreSQL. Appended to
/// `Migrations.all`; each migration runs once, in this order.
extension Migrations {
    static let deploy: [Migration] = [
        // The per-client request buckets (`RateLimitBucketRepository`), used by the PostgreSQL
        // engine so that every instance spends from one budget per client; SQLite keeps its
        // buckets in memory (one instance), so the table stays empty there.
        Migration(
            version: 13, name: "deploy: shared rate-limit buckets",
            statements: [
                """
                CREATE TABLE rate_limit_buckets (
                    bucket TEXT NOT NULL,
                    client_key TEXT NOT NULL,
                    tokens DOUBLE PRECISION NOT NULL,
                    allowed BOOLEAN NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (bucket, client_key)
                )
                """,
                "CREATE INDEX rate_limit_buckets_updated_at ON rate_limit_buckets (updated_at)",
            ])
    ]
}
