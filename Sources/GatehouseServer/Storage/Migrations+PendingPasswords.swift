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

/// A GoTrue sign-up's password waits in its pending sign-up until the link proves the address
/// (`AccountLifecycle`). Databases written before kept the first registrant's password in the
/// account row as well, where Firebase's sign-in (which lets unverified accounts in) accepted
/// it. Those rows are recognised by their hash being exactly a pending sign-up's (bcrypt salts
/// make a chance match impossible); an unverified account with a password of its own (a
/// Firebase sign-up) keeps it. Appended at the end of `Migrations.all`.
extension Migrations {
    static let pendingSignUpPasswords: [Migration] = [
        Migration(
            version: 16, name: "accounts: a pending sign-up's password stays pending",
            statements: [
                """
                UPDATE users SET encrypted_password = NULL
                WHERE email_confirmed_at IS NULL AND encrypted_password IS NOT NULL
                    AND EXISTS (
                        SELECT 1 FROM pending_signups p
                        WHERE p.user_id = users.id AND p.password_hash = users.encrypted_password
                    )
                """
            ])
    ]
}
