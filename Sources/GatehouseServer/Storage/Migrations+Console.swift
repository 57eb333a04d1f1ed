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

/// The admin console: which accounts are operators. Appended at the
/// end of `Migrations.all`.
///
/// GoTrue's `users` table has `is_super_admin`; here it is what opens the console at `/admin`
/// (`gatehouse users promote|demote`). A BOOLEAN on both engines (SQLite stores 0/1); the
/// queries only compare it in a `WHERE` and set it to `TRUE`/`FALSE`, which both engines read
/// alike, so no engine-specific decoding is needed.
extension Migrations {
    static let console: [Migration] = [
        Migration(
            version: 14, name: "console: users.is_super_admin (console)",
            statements: [
                "ALTER TABLE users ADD COLUMN is_super_admin BOOLEAN NOT NULL DEFAULT FALSE"
            ])
    ]
}
