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

/// Passkeys: WebAuthn challenges and the users' credentials.
/// Appended at the end of `Migrations.all`.
///
/// Binary values (challenge, credential id, COSE key) are base64url TEXT, as every other column
/// is portable TEXT or BIGINT: the same SQL on SQLite and PostgreSQL, and `credential_id`'s
/// unique index compares the exact bytes' one encoding. Flags are 0/1 BIGINT.
extension Migrations {
    static let passkeys: [Migration] = [
        Migration(
            version: 11, name: "passkeys: webauthn challenges and credentials (pkapi)",
            statements: [
                // One row per ceremony started; deleted by its first verify whatever the outcome
                // (single use across instances), or by the retention job once expired. `user_id`
                // is NULL for sign-in (discoverable credentials: the user is not known yet).
                """
                CREATE TABLE webauthn_challenges (
                    id TEXT PRIMARY KEY,
                    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                    challenge_type TEXT NOT NULL,
                    challenge TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at)",
                """
                CREATE TABLE webauthn_credentials (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    credential_id TEXT NOT NULL UNIQUE,
                    public_key TEXT NOT NULL,
                    attestation_type TEXT NOT NULL,
                    aaguid TEXT NOT NULL,
                    sign_count BIGINT NOT NULL,
                    transports TEXT NOT NULL,
                    backup_eligible BIGINT NOT NULL,
                    backed_up BIGINT NOT NULL,
                    friendly_name TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    last_used_at BIGINT
                )
                """,
                "CREATE INDEX webauthn_credentials_user ON webauthn_credentials (user_id, created_at)",
            ])
    ]
}
