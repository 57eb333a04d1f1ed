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
    /// `POST /otp` and `POST /magiclink` for an email address: queues a magic-link email (one
    /// token: a link and a 6-digit code) under the address's recovery send window, which the two
    /// share as in GoTrue. An unknown address becomes an account first when `createUser` and
    /// sign-ups allow it.
    ///
    /// Every well-formed address gets the same answer, `{}`: GoTrue's 422 `otp_disabled` for
    /// `create_user: false` and its `signup_disabled` would tell registered addresses apart, so
    /// here the worker simply finds no one to write to. The window is claimed before anything is
    /// looked up, for every address alike.
    func requestMagicLink(
        email rawEmail: String?, data: [String: JSONValue], createUser: Bool, redirectTo requested: String?, pkce: PKCEChallenge?
    ) async throws(AuthError) {
        let email = try AuthError.checkEmail(rawEmail, missingMessage: "One of email or phone must be set")
        try checkMetadataSize(data, field: "data")
        let redirectTo = requested == nil ? nil : redirectPolicy.resolve(requested).url
        let now = clock.now()
        let mayCreate = createUser && !configuration.signupDisabled
        let autoconfirm = configuration.autoconfirm
        let window = EmailRequestKind.recovery.rawValue + (pkce == nil ? "" : "/pkce")
        let (random, mailQueue) = (random, mailQueue)
        let wait = try await store.run(.transaction) { database -> Int? in
            if let wait = try await mailQueue.claimWindow(email: email, purpose: window, now: now, in: database) { return wait }
            var pendingSignupId: UUID?
            if mayCreate, try await database.users.find(email: email) == nil {
                var user = UserRecord.new(
                    email: email, passwordHash: "", userMetadata: data, confirmedAt: autoconfirm ? now : nil, now: now, random: random)
                user.passwordHash = nil
                // Unconfirmed, the account takes `data` only when this request's link is used
                // (`ConfirmationSettlement`): until then anyone could have asked for it.
                if try await database.users.insert(user), !autoconfirm {
                    let pending = PendingSignupRecord(
                        id: random.uuid(), userId: user.id, passwordHash: nil, userMetadata: data, createdAt: now)
                    try await database.pendingSignups.insert(pending)
                    pendingSignupId = pending.id
                }
            }
            let job = OutboxJob.emailLink(
                purpose: .magiclink, email: email.normalized, redirectTo: redirectTo, codeChallenge: pkce?.challenge,
                codeChallengeMethod: pkce?.method, pendingSignupId: pendingSignupId)
            try await mailQueue.enqueue(job, now: now, in: database)
            try await database.audit(AuditEvent(.magicLinkRequested, email: email.normalized), at: now)
            return nil
        }
        if let wait { throw MailQueue.windowStillOpen(wait) }
        mailQueue.nudge()
    }
}
