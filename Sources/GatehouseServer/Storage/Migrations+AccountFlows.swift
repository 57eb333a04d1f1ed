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

/// The schema of GoTrue parity and the Firebase adapter: soft deletes, MFA
/// factors, invitations, email changes and Firebase's `validSince`. Appended to
/// `Migrations.foundation`; each migration runs once, in this order.
extension Migrations {
    static let accountFlows: [Migration] = [
        // Branch keys: when an admin soft-deleted a user (GoTrue's deleted_at).
        Migration(
            version: 6, name: "keys: soft-deleted users",
            statements: ["ALTER TABLE users ADD COLUMN deleted_at BIGINT"]),
        // MFA: TOTP factors and their challenges, children of `users` (removed by
        // `UserRepository.delete`), and the factor a session was raised to aal2 with (so removing
        // the factor lowers those sessions again). `friendly_name` is '' when none was given; two
        // empty names collide, as in GoTrue. `last_used_step` refuses a code's second use.
        Migration(
            version: 7, name: "mfa factors and challenges (mfa)",
            statements: [
                """
                CREATE TABLE mfa_factors (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    friendly_name TEXT NOT NULL,
                    factor_type TEXT NOT NULL,
                    status TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    last_used_step BIGINT,
                    last_challenged_at BIGINT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    UNIQUE (user_id, friendly_name)
                )
                """,
                """
                CREATE TABLE mfa_challenges (
                    id TEXT PRIMARY KEY,
                    factor_id TEXT NOT NULL REFERENCES mfa_factors(id) ON DELETE CASCADE,
                    ip TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    verified_at BIGINT
                )
                """,
                "CREATE INDEX mfa_challenges_factor ON mfa_challenges (factor_id)",
                "ALTER TABLE sessions ADD COLUMN factor_id TEXT",
                "CREATE INDEX sessions_factor ON sessions (factor_id)",
            ]),
        // Invitations (branch links): GoTrue's `invited_at` (`session_users` gains it in the next migration).
        Migration(
            version: 8, name: "links: invited_at",
            statements: [
                "ALTER TABLE users ADD COLUMN invited_at BIGINT"
            ]),
        // A pending email change: the new address, when its emails went out, and
        // how many of its confirmations are still missing (2 with secure email change, then 1). The
        // view gains the three columns, as `UserRepository.columns` reads them.
        Migration(
            version: 9, name: "email change (email)",
            statements: [
                "ALTER TABLE users ADD COLUMN email_change TEXT",
                "ALTER TABLE users ADD COLUMN email_change_sent_at BIGINT",
                "ALTER TABLE users ADD COLUMN email_change_confirmations_left BIGINT",
                "CREATE INDEX users_email_change ON users (email_change)",
                "DROP VIEW IF EXISTS session_users",
                """
                CREATE VIEW session_users AS
                SELECT s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr, s.refresh_counter AS s_refresh_counter,
                    s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
                    u.id, u.email, u.encrypted_password, u.aud, u.role, u.email_confirmed_at, u.confirmation_sent_at,
                    u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
                    u.created_at, u.updated_at, u.email_change, u.email_change_sent_at, u.email_change_confirmations_left,
                    i.id AS identity_id, i.provider, i.provider_id, i.identity_data,
                    i.last_sign_in_at AS identity_last_sign_in_at, i.created_at AS identity_created_at,
                    i.updated_at AS identity_updated_at, u.invited_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                LEFT JOIN identities i ON i.user_id = u.id AND i.provider = 'email'
                """,
            ]),
        // Firebase's `validSince`: tokens of a user issued before it are void.
        Migration(
            version: 10, name: "fbcore: token validity",
            statements: [
                """
                CREATE TABLE token_validity (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    valid_since BIGINT NOT NULL
                )
                """
            ]),
    ]
}
