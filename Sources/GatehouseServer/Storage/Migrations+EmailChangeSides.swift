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

/// A pending email change records which addresses still have to confirm it
/// (`EmailChangeSides`), instead of how many confirmations are missing: a count let a second
/// link to the new address stand in for the current address's confirmation. Appended at the end
/// of `Migrations.all`.
///
/// A change pending at the upgrade keeps its meaning: two missing confirmations are both
/// addresses; one missing is the current address when the new one has already spent a link of
/// this change, otherwise the new one (a change without the current address's part, or one the
/// current address confirmed). The count's column goes, and the `session_users` view reads the
/// new one (as `UserRepository.columns` does).
extension Migrations {
    static let emailChangeSides: [Migration] = [
        Migration(
            version: 15, name: "email change: the sides still to confirm",
            statements: [
                "ALTER TABLE users ADD COLUMN email_change_awaiting BIGINT",
                """
                UPDATE users SET email_change_awaiting = CASE
                    WHEN email_change_confirmations_left >= 2 THEN \(EmailChangeSides.both.rawValue)
                    WHEN EXISTS (
                        SELECT 1 FROM one_time_tokens t
                        WHERE t.user_id = users.id AND t.purpose = 'email_change_new' AND t.consumed_at IS NOT NULL
                            AND t.created_at >= users.email_change_sent_at
                    ) THEN \(EmailChangeSides.current.rawValue)
                    ELSE \(EmailChangeSides.new.rawValue)
                END
                WHERE email_change IS NOT NULL
                """,
                "DROP VIEW IF EXISTS session_users",
                "ALTER TABLE users DROP COLUMN email_change_confirmations_left",
                """
                CREATE VIEW session_users AS
                SELECT s.id AS s_id, s.user_id AS s_user_id, s.aal AS s_aal, s.amr AS s_amr, s.refresh_counter AS s_refresh_counter,
                    s.refreshed_at AS s_refreshed_at, s.created_at AS s_created_at,
                    u.id, u.email, u.encrypted_password, u.aud, u.role, u.email_confirmed_at, u.confirmation_sent_at,
                    u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
                    u.created_at, u.updated_at, u.email_change, u.email_change_sent_at, u.email_change_awaiting,
                    i.id AS identity_id, i.provider, i.provider_id, i.identity_data,
                    i.last_sign_in_at AS identity_last_sign_in_at, i.created_at AS identity_created_at,
                    i.updated_at AS identity_updated_at, u.invited_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                LEFT JOIN identities i ON i.user_id = u.id AND i.provider = 'email'
                """,
            ])
    ]
}
