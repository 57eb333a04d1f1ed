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

extension AuthError {
    /// GoTrue's answer when the requested address belongs to another account.
    static let emailTaken = AuthError(
        .emailExists, kind: .refused
    )
}

/// Which address an email-change email (and its one-time token) goes to.
enum EmailChangeSide: String, Codable, Sendable {
    /// The account's current address: "was this you?" (secure email change only).
    case current
    /// The requested address: proof that it is the user's.
    case new

    var purpose: TokenPurpose { self == .current ? .emailChangeCurrent : .emailChangeNew }

    /// The side a token of `purpose` was sent to; nil for other purposes.
    init?(purpose: TokenPurpose) {
        switch purpose {
        case .emailChangeCurrent: self = .current
        case .emailChangeNew: self = .new
        default: return nil
        }
    }
}

extension AccountService {
    /// `PUT /user {email}` (GoTrue's email change). The address is not changed here: the account
    /// keeps `email` and gains `new_email` and `email_change_sent_at`, and the new address is
    /// sent a link and code; with secure email change (the default) so is the current one, and
    /// only when both are confirmed does the address change (`EmailChangeSettlement`).
    ///
    /// An anonymous account has no current address, so only the new one confirms, and with
    /// autoconfirm on it is converted at once (GoTrue's 8.3). The address of another account is
    /// refused with 422 `email_exists`, as GoTrue does; the same address is a no-op. One request
    /// per send window per account: the window is keyed by the current address (the new one for
    /// an anonymous account) and shared with `/resend type=email_change`.
    func requestEmailChange(
        _ caller: Authenticated, to newEmail: EmailAddress, redirectTo: String?, pkce: PKCEChallenge? = nil
    ) async throws(AuthError) -> UserRecord {
        let now = clock.now()
        let twoSidedSetting = configuration.secureEmailChange
        let autoconfirm = configuration.autoconfirm
        let mailQueue = mailQueue
        let random = random
        let redirect = redirectTo.map { redirectPolicy.resolve($0).url }
        let userId = caller.user.id
        let step = try await store.run(.transaction) { database -> EmailChangeStep in
            guard var user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .forbidden, "User from sub claim in JWT does not exist")
            }
            if user.email == newEmail.normalized { return .done(user) }
            if let owner = try await database.users.find(email: newEmail), owner.id != user.id { throw AuthError.emailTaken }
            if user.isAnonymous, autoconfirm {
                try await EmailChangeSettlement.complete(&user, to: newEmail.normalized, now: now, random: random, in: database)
                return .done(user)
            }
            let windowAddress = user.isAnonymous ? newEmail : ((try? EmailAddress(validating: user.email)) ?? newEmail)
            if let wait = try await mailQueue.claimWindow(
                email: windowAddress, purpose: EmailChangeJobs.windowPurpose, now: now, in: database)
            {
                return .wait(wait)
            }
            user = try await EmailChangeJobs.start(
                for: user, to: newEmail.normalized, twoSided: twoSidedSetting && !user.isAnonymous, redirectTo: redirect, pkce: pkce,
                now: now, mailQueue: mailQueue, in: database)
            try await database.audit(AuditEvent(.emailChangeRequested, user, traits: ["new_email": newEmail.normalized]), at: now)
            return .done(user)
        }
        switch step {
        case .wait(let seconds):
            throw MailQueue.windowStillOpen(seconds)
        case .done(let user):
            mailQueue.nudge()
            return user
        }
    }
}

enum EmailChangeStep: Sendable {
    case done(UserRecord)
    case wait(Int)
}

/// Starting (or restarting, for `/resend`) an email change inside the caller's unit of work.
enum EmailChangeJobs {
    /// The send window's name: one email-change request (or resend) per window per account.
    static let windowPurpose = "email_change"

    /// Records the pending change on the account, drops the links of any earlier one, and
    /// queues the emails: the new address always, the current one when `twoSided`. The tokens
    /// are minted when the worker sends (jobs carry no secret).
    static func start(
        for user: UserRecord, to newEmail: String, twoSided: Bool, redirectTo: String?, pkce: PKCEChallenge?, now: Timestamp,
        mailQueue: MailQueue, in database: UnitOfWork
    ) async throws -> UserRecord {
        var user = user
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .emailChangeCurrent)
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .emailChangeNew)
        user.emailChange = newEmail
        user.emailChangeSentAt = now
        user.emailChangeAwaiting = .required(twoSided: twoSided)
        user.updatedAt = now
        try await database.users.update(user)
        try await mailQueue.enqueue(
            .emailChange(
                userId: user.id, side: .new, newEmail: newEmail, redirectTo: redirectTo, codeChallenge: pkce?.challenge,
                codeChallengeMethod: pkce?.method), now: now, in: database)
        if twoSided {
            try await mailQueue.enqueue(
                .emailChange(
                    userId: user.id, side: .current, newEmail: newEmail, redirectTo: redirectTo, codeChallenge: pkce?.challenge,
                    codeChallengeMethod: pkce?.method), now: now, in: database)
        }
        return user
    }
}

extension AccountService {
    /// The address `PUT /user` asks to change to: nil when none (or the current one) was sent.
    /// An anonymous account may not set a password without also giving an address (GoTrue's 8.2).
    func emailChangeTarget(_ raw: String?, of user: UserRecord, password: String?) throws(AuthError) -> EmailAddress? {
        var target: EmailAddress?
        if let raw, !raw.isEmpty {
            let address = try AuthError.checkEmail(raw)
            target = address.normalized == user.email ? nil : address
        }
        if user.isAnonymous, password != nil, target == nil {
            throw AuthError(
                .validationFailed, kind: .refused,
                "Updating password of an anonymous user without an email or phone is not allowed")
        }
        return target
    }

    /// After the rest of `PUT /user`: starts the email change if one was asked for.
    func changingEmail(
        _ caller: Authenticated, to newEmail: EmailAddress?, redirectTo: String?, pkce: PKCEChallenge?, otherwise user: UserRecord
    ) async throws(AuthError) -> UserRecord {
        guard let newEmail else { return user }
        return try await requestEmailChange(caller, to: newEmail, redirectTo: redirectTo, pkce: pkce)
    }
}
