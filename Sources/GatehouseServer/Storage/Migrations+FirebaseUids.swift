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

/// Accounts imported from Firebase keep their uid, which need not be a UUID: the user id is
/// derived from it (`ImportedAccountID`) and the uid itself is kept in `firebase_uid`, what
/// the Firebase API shows as `localId`. The `session_users` view carries it too, since
/// Firebase answers from a session's user. Appended at the end of `Migrations.all`.
extension Migrations {
    static let firebaseUids: [Migration] = [
        Migration(
            version: 17, name: "accounts: a Firebase uid kept beside the user id",
            statements: [
                "ALTER TABLE users ADD COLUMN firebase_uid TEXT",
                "CREATE UNIQUE INDEX users_firebase_uid ON users (firebase_uid)",
                "DROP VIEW IF EXISTS session_users",
                """
                CREATE VIEW session_users AS
                SELECT s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr, s.refresh_counter AS s_refresh_counter,
                    s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
                    u.id, u.email, u.encrypted_password, u.aud, u.role, u.email_confirmed_at, u.confirmation_sent_at,
                    u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
                    u.created_at, u.updated_at, u.email_change, u.email_change_sent_at, u.email_change_awaiting,
                    i.id AS identity_id, i.provider, i.provider_id, i.identity_data,
                    i.last_sign_in_at AS identity_last_sign_in_at, i.created_at AS identity_created_at,
                    i.updated_at AS identity_updated_at, u.invited_at, u.firebase_uid
                FROM sessions s JOIN users u ON u.id = s.user_id
                LEFT JOIN identities i ON i.user_id = u.id AND i.provider = 'email'
                """,
            ])
    ]
}
