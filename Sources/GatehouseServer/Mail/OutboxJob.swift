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

/// What the outbox worker is asked to do. Jobs carry no secret: a recovery job names the
/// address, and the worker mints the token when it sends (a retry mints a fresh one).
enum OutboxJob: Codable, Sendable, Equatable {
    /// A password-reset email, if `email` belongs to an account (nothing is sent otherwise).
    case recovery(email: String, redirectTo: String?, codeChallenge: String?, codeChallengeMethod: String?)
    /// A sign-up confirmation email for an unconfirmed account.
    /// `pendingSignupId` names the sign-up whose password the link applies (nil for `/resend`).
    case signupConfirmation(
        email: String, redirectTo: String?, codeChallenge: String?, codeChallengeMethod: String?, pendingSignupId: UUID? = nil
    )
    /// "Your password was changed", to the account's address.
    case passwordChanged(userId: UUID)
    /// The 6-digit nonce of `GET /reauthenticate`, minted when sent.
    case reauthentication(userId: UUID)
    /// A message rendered by the caller (`gatehouse mail test`).
    case direct(MailMessage)
    /// A magic link (`purpose` `.magiclink`) or an invitation (`.invite`) to the account at
    /// `email`, if there is one (for an invitation, still unconfirmed). `pendingSignupId` names
    /// the `/otp` request that created the account, whose `data` the link applies.
    case emailLink(
        purpose: TokenPurpose, email: String, redirectTo: String?, codeChallenge: String?, codeChallengeMethod: String?,
        pendingSignupId: UUID? = nil
    )
    /// A Firebase `sendOobCode` email (reset or verification) with Firebase's action link, if
    /// `email` belongs to an account.
    case firebaseOob(email: String, link: FirebaseActionLink)
    /// One side of an email change (`PUT /user {email}`): the link and code for `side`'s address,
    /// minted when sent, if the account still waits to change to `newEmail`.
    case emailChange(
        userId: UUID, side: EmailChangeSide, newEmail: String, redirectTo: String?, codeChallenge: String? = nil,
        codeChallengeMethod: String? = nil
    )
    /// The admin console's "send a test email" (`ConsoleTestEmail`): no link, no code.
    case consoleTest(email: String)

    var kind: String {
        switch self {
        case .recovery: "recovery"
        case .signupConfirmation: "signup_confirmation"
        case .passwordChanged: "password_changed"
        case .direct: "direct"
        case .reauthentication: "reauthentication"
        case .emailLink(let purpose, _, _, _, _, _): purpose == .invite ? "invite" : "magic_link"
        case .firebaseOob: "firebase_oob"
        case .emailChange(_, let side, _, _, _, _): "email_change_\(side.rawValue)"
        case .consoleTest: "console_test"
        }
    }
}

/// A claimed job, as the worker sees it.
struct OutboxEntry: Sendable {
    let id: UUID
    let job: OutboxJob
    /// Including the attempt now starting.
    let attempts: Int
    /// When the job was written: its email's date.
    let queuedAt: Timestamp
}

/// Counts by state, for `gatehouse mail status` and the admin endpoint (their JSON:
/// GoTrue/OutboxStatus+Wire.swift).
struct OutboxStatus: Sendable {
    var pending = 0
    var sending = 0
    var sent = 0
    /// Done with nothing to send (no account for the address): the enumeration-safe no-op.
    var skipped = 0
    var dead = 0
    var deadJobs: [DeadJob] = []

    struct DeadJob: Sendable {
        var id: String
        var kind: String
        var attempts: Int
        var lastError: String?
        var updatedAt: String
    }
}
