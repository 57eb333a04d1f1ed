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

/// The developer claims of a session a Firebase custom token started (its `claims`, a JSON
/// object), kept with the session so every ID token of it carries them, refreshes included, as
/// Google's do. NULL for every other session; deleted with the session's row.
extension Migrations {
    static let customTokenClaims: [Migration] = [
        Migration(
            version: 20, name: "sessions: a custom token's developer claims",
            statements: ["ALTER TABLE sessions ADD COLUMN custom_claims TEXT"])
    ]
}
