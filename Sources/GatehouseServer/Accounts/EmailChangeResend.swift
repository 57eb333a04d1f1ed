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
    /// `POST /resend {type: "email_change", email}`: `email` is the account's current address.
    /// The pending change's emails go out again with fresh links and codes (the earlier ones stop
    /// working), and both addresses must confirm again. Every well-formed address gets the same
    /// `200 {}`: unknown, or with no change pending, nothing is sent. The send window is claimed
    /// for every address alike, so a second request within it answers 429 whether or not the
    /// address is registered.
    func resendEmailChange(email rawEmail: String?, redirectTo: String?, pkce: PKCEChallenge? = nil) async throws(AuthError) {
        let email = try AuthError.checkEmail(rawEmail, missingMessage: "Resend requires an email")
        let now = clock.now()
        let twoSidedSetting = configuration.secureEmailChange
        let mailQueue = mailQueue
        let redirect = redirectTo.map { redirectPolicy.resolve($0).url }
        let wait = try await store.run(.transaction) { database -> Int? in
            if let wait = try await mailQueue.claimWindow(email: email, purpose: EmailChangeJobs.windowPurpose, now: now, in: database) {
                return wait
            }
            guard let user = try await database.users.find(email: email), let newEmail = user.emailChange else { return nil }
            _ = try await EmailChangeJobs.start(
                for: user, to: newEmail, twoSided: twoSidedSetting && !user.isAnonymous, redirectTo: redirect, pkce: pkce, now: now,
                mailQueue: mailQueue, in: database)
            return nil
        }
        if let wait { throw MailQueue.windowStillOpen(wait) }
        mailQueue.nudge()
    }
}
