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

import Foundation
import GatehouseCore
import SQLKit

extension UserRepository {
    /// GoTrue's soft delete (models/user.go `SoftDeleteUser`): the row stays, with `deleted_at`,
    /// but nothing in it can sign in or be found again: the address is replaced by `email`
    /// (an obfuscated value, which frees the address), the password and metadata are cleared,
    /// the identities' data emptied and their provider ids replaced by `providerId(identity)`.
    /// The user's sessions, pending sign-ups, nonces and one-time tokens go.
    func softDelete(
        _ user: UserRecord, obfuscatedEmail email: String, obfuscatedProviderId providerId: String?, at now: Timestamp
    ) async throws {
        let id = user.id.lowercasedString
        let instant = now.microsecondsSinceEpoch
        try await database.raw(
            """
            UPDATE users SET email = \(bind: email), encrypted_password = NULL, raw_app_meta_data = '{}',
                raw_user_meta_data = '{}', deleted_at = \(bind: instant), updated_at = \(bind: instant)
            WHERE id = \(bind: id)
            """
        ).run()
        if let providerId {
            try await database.raw(
                """
                UPDATE identities SET identity_data = '{}', provider_id = \(bind: providerId), updated_at = \(bind: instant)
                WHERE user_id = \(bind: id)
                """
            ).run()
        }
        try await database.raw("DELETE FROM sessions WHERE user_id = \(bind: id)").run()
        try await database.raw("DELETE FROM pending_signups WHERE user_id = \(bind: id)").run()
        try await database.raw("DELETE FROM reauthentication_nonces WHERE user_id = \(bind: id)").run()
        // GoTrue hard-deletes the passkeys of a soft-deleted user: they could sign in otherwise.
        try await PasskeyRepository(database: database).deleteAll(userId: id)
    }
}
