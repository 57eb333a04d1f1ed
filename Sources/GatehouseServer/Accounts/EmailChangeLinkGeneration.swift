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

extension AccountService {
    /// For `POST /admin/generate_link` with `type` `email_change_current` / `email_change_new`:
    /// records the pending change to `newEmail` on the account at `email` (as `PUT /user {email}`
    /// would) and mints `side`'s link and code, WITHOUT sending anything, no send window (GoTrue's
    /// generate_link is not windowed). Calling it for both sides gives the two confirmations of a
    /// secure change; asking again for one side replaces only that side's link.
    ///
    /// GoTrue's errors: no account → 404 `user_not_found`; the current side while secure email
    /// change is off → 400; `newEmail` invalid → 400, another account's → 422 `email_exists`.
    func generateEmailChangeLink(
        _ side: EmailChangeSide, email rawEmail: String?, newEmail rawNewEmail: String?, redirectTo requested: String?
    ) async throws(AuthError) -> GeneratedLink {
        let email = try AuthError.checkEmail(rawEmail)
        let newEmail = try AuthError.checkEmail(rawNewEmail, missingMessage: "The new email address is required")
        let secure = configuration.secureEmailChange
        if side == .current, !secure {
            throw .validation("Enable secure email change to generate link for current email")
        }
        let now = clock.now()
        let redirect = redirectPolicy.resolve(requested).url
        let mint = EmailChangeTokenMint(
            tokenHasher: tokenHasher, lifetime: configuration.otpExpiry, externalURL: configuration.externalURL, random: random)
        let (user, minted) = try await store.run(.transaction) { database -> (UserRecord, MintedEmailChangeToken) in
            guard let found = try await database.users.find(email: email),
                var user = try await database.users.find(id: found.id, lockedForUpdate: true)
            else {
                throw AuthError(.userNotFound, kind: .notFound, "User with this email not found")
            }
            if let owner = try await database.users.find(email: newEmail), owner.id != user.id { throw AuthError.emailTaken }
            if user.emailChange != newEmail.normalized {
                // A change to another address: the links of the earlier one stop working.
                try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .emailChangeCurrent)
                try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .emailChangeNew)
                user.emailChange = newEmail.normalized
                user.emailChangeAwaiting = .required(twoSided: secure && !user.isAnonymous)
            }
            user.emailChangeSentAt = now
            user.updatedAt = now
            try await database.users.update(user)
            return (user, try await mint.mint(side: side, for: user, redirectTo: redirect, now: now, in: database))
        }
        return GeneratedLink(
            user: user, actionLink: minted.link, emailOTP: minted.code, hashedToken: minted.linkToken,
            verificationType: side.purpose.rawValue, redirectTo: redirect
        )
    }
}
