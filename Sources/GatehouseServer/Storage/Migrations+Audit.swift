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

/// The audit log: one row per security-relevant event. Appended after the account
/// flows; no foreign key to `users`, because an entry outlives the account it is about (a
/// deleted user's history is exactly what an operator looks for).
extension Migrations {
    static let audit: [Migration] = [
        Migration(
            version: 12, name: "audit log (audit)",
            statements: [
                """
                CREATE TABLE audit_log_entries (
                    id TEXT PRIMARY KEY,
                    created_at BIGINT NOT NULL,
                    action TEXT NOT NULL,
                    user_id TEXT,
                    email TEXT,
                    actor TEXT,
                    ip_address TEXT NOT NULL,
                    user_agent TEXT,
                    request_id TEXT,
                    traits TEXT NOT NULL
                )
                """,
                "CREATE INDEX audit_log_created ON audit_log_entries (created_at)",
                "CREATE INDEX audit_log_user ON audit_log_entries (user_id, created_at)",
                "CREATE INDEX audit_log_action ON audit_log_entries (action, created_at)",
                "CREATE INDEX audit_log_email ON audit_log_entries (email, created_at)",
            ])
    ]
}
