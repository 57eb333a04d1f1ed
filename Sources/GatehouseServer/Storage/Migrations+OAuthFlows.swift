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

/// The web redirect flow's pending sign-ins (`/authorize` to `/callback`): one row per `state`
/// handed to a provider, kept by the SHA-256 of the state and of the browser's binding cookie
/// (neither is stored as sent), with the nonce and PKCE verifier sent to the provider and where
/// the flow ends. A row is taken (deleted) by its callback, so a state works once; rows older than
/// the flow's lifetime are removed as new ones are written. Appended at the end of `Migrations.all`.
extension Migrations {
    static let oauthFlows: [Migration] = [
        Migration(
            version: 19, name: "the web redirect flow's pending states",
            statements: [
                """
                CREATE TABLE oauth_flows (
                    state_hash TEXT PRIMARY KEY,
                    browser_hash TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    nonce TEXT NOT NULL,
                    code_verifier TEXT,
                    redirect_to TEXT NOT NULL,
                    code_challenge TEXT,
                    code_challenge_method TEXT,
                    target TEXT NOT NULL,
                    link_user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX oauth_flows_created_at ON oauth_flows (created_at)",
            ])
    ]
}
