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

import Logging
import SQLKit

/// Versioned schema migrations, applied in order at start-up inside one transaction each.
///
/// There is no ORM here, so this is a small table of our own: `schema_migrations(version)`.
/// Types are chosen to mean the same on both engines: ids are UUID strings, instants are
/// microseconds since the epoch in BIGINT, JSON is TEXT, flags are nullable instants.
enum Migrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let all: [Migration] =
        foundation + accountFlows + passkeys + audit + deploy + console + emailChangeSides + pendingSignUpPasswords
        + firebaseUids + outboxRecipient + oauthFlows + customTokenClaims

    /// The first schema: accounts, sessions, recovery, the outbox, budgets and pending sign-ups.
    static let foundation: [Migration] = [
        Migration(
            version: 1, name: "accounts and sessions",
            statements: [
                """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE,
                    encrypted_password TEXT,
                    aud TEXT NOT NULL,
                    role TEXT NOT NULL,
                    email_confirmed_at BIGINT,
                    confirmation_sent_at BIGINT,
                    recovery_sent_at BIGINT,
                    last_sign_in_at BIGINT,
                    raw_app_meta_data TEXT NOT NULL,
                    raw_user_meta_data TEXT NOT NULL,
                    banned_until BIGINT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE identities (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    provider TEXT NOT NULL,
                    provider_id TEXT NOT NULL,
                    identity_data TEXT NOT NULL,
                    last_sign_in_at BIGINT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    UNIQUE (provider, provider_id)
                )
                """,
                "CREATE INDEX identities_user_id ON identities (user_id)",
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    aal TEXT NOT NULL,
                    amr TEXT NOT NULL,
                    refresh_counter BIGINT NOT NULL,
                    refreshed_at BIGINT NOT NULL,
                    user_agent TEXT,
                    ip TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX sessions_user_id ON sessions (user_id)",
            ]),
        Migration(
            version: 2, name: "recovery, one-time tokens and the mail outbox",
            statements: [
                """
                CREATE TABLE one_time_tokens (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    purpose TEXT NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    code_hash TEXT NOT NULL,
                    attempts BIGINT NOT NULL,
                    code_challenge TEXT,
                    code_challenge_method TEXT,
                    redirect_to TEXT,
                    expires_at BIGINT NOT NULL,
                    consumed_at BIGINT,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, purpose)",
                """
                CREATE TABLE flow_states (
                    id TEXT PRIMARY KEY,
                    auth_code_hash TEXT NOT NULL UNIQUE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    code_challenge TEXT NOT NULL,
                    code_challenge_method TEXT NOT NULL,
                    authentication_method TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE outbox (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts BIGINT NOT NULL,
                    next_attempt_at BIGINT NOT NULL,
                    locked_until BIGINT,
                    last_error TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX outbox_due ON outbox (state, next_attempt_at)",
                """
                CREATE TABLE email_send_windows (
                    address_key TEXT PRIMARY KEY,
                    last_sent_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE dev_mailbox (
                    id TEXT PRIMARY KEY,
                    recipient TEXT NOT NULL,
                    sender TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    text_body TEXT NOT NULL,
                    html_body TEXT,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX dev_mailbox_recipient ON dev_mailbox (recipient, created_at)",
            ]),
        // A session with its user and email identity, as refresh and every authenticated request
        // read them. SQLite parses each statement anew (SQLiteNIO caches none); the view's SQL is
        // parsed once, so the hottest query's text shrinks to one line (perf: parsing the full
        // join was about 8 % of a refresh's CPU). Columns as `UserRepository.columns` names them.
        Migration(
            version: 3, name: "session_users view",
            statements: [
                """
                CREATE VIEW session_users AS
                SELECT s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr, s.refresh_counter AS s_refresh_counter,
                    s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
                    u.id, u.email, u.encrypted_password, u.aud, u.role, u.email_confirmed_at, u.confirmation_sent_at,
                    u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
                    u.created_at, u.updated_at, i.id AS identity_id, i.provider, i.provider_id, i.identity_data,
                    i.last_sign_in_at AS identity_last_sign_in_at, i.created_at AS identity_created_at,
                    i.updated_at AS identity_updated_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                LEFT JOIN identities i ON i.user_id = u.id AND i.provider = 'email'
                """
            ]),
        Migration(
            version: 4, name: "attempt budgets",
            statements: [
                """
                CREATE TABLE attempt_budgets (
                    budget_key TEXT PRIMARY KEY,
                    window_started_at BIGINT NOT NULL,
                    attempts INTEGER NOT NULL
                )
                """
            ]),
        // Each sign-up of a not yet confirmed address
        // keeps its own password and metadata until its emailed link is used, and the nonces of
        // GET /reauthenticate. Children of `users`; `UserRepository.delete` removes them first.
        Migration(
            version: 5, name: "pending sign-ups and reauthentication nonces",
            statements: [
                """
                CREATE TABLE pending_signups (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    password_hash TEXT,
                    user_metadata TEXT NOT NULL,
                    token_id TEXT,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX pending_signups_user ON pending_signups (user_id, created_at)",
                "CREATE INDEX pending_signups_token ON pending_signups (token_id)",
                """
                CREATE TABLE reauthentication_nonces (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    nonce_hash TEXT NOT NULL,
                    attempts BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    created_at BIGINT NOT NULL
                )
                """,
            ]),
    ]

    /// Applies every migration newer than the database's version. Safe to run on every start and
    /// from several instances at once: on PostgreSQL the whole run holds an advisory lock
    /// (`Migrations+Lock.swift`), so one instance migrates while the others wait and then find
    /// nothing left to do.
    static func apply(to store: any SQLStore, logger: Logger) async throws {
        try await withMigrationLock(on: store) { write in
            try await applyAll(write: write, logger: logger)
        }
    }

    /// The run itself: `write` runs one transaction (on PostgreSQL, on the locked connection).
    static func applyAll(write: TransactionRunner, logger: Logger) async throws {
        try await write { database in
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
            ).run()
            return true
        }
        for migration in all {
            let applied = try await write { database -> Bool in
                let existing = try await database.raw(
                    "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)"
                ).first()
                guard existing == nil else { return false }
                for statement in migration.statements {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                try await database.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: ServerClock.system.nowMicros()))"
                ).run()
                return true
            }
            if applied { logger.info("Applied migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"]) }
        }
    }
}
