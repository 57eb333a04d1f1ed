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

import GatehouseCore

/// What the pages say where an emailed link or code lands: a link that failed, a confirmation
/// opened again, half of an email change, a sign-in by link or code, the reset form's account.
/// The specs word none of these; they follow the specs' tone (what happened, what to do next).
enum LinkLandingText {
    static let invalid = UserFacingText.resetLinkInvalid
    static let invalidDetail = "Links work once and expire after a while. Ask for a new email where you started."
    /// An error the address bar names that Gatehouse has no words of its own for: its
    /// description is never shown (anyone can write one into a link).
    static let unusable = "This link could not be used."
    static let unusableDetail = "Ask for a new email where you started, or sign in."
    static let alreadyConfirmed = "This email address is already confirmed. You can sign in now."
    static let confirmed = "Your email address is confirmed."
    static let invited = "Your invitation is accepted."
    static let signedIn = "You are signed in."
    static let emailChangeHalf =
        "Your confirmation is recorded. Follow the link we sent to the other address to finish the change."
    static let emailChangeDone = "Your email address has been changed."

    static func emailChanged(to email: String) -> String { "Your email address is now \(email)." }

    /// The reset form names the account it resets (as Firebase's hosted page does).
    static func resetSubtitle(for email: String) -> String { "Choose a new password for \(email)." }

    // The "Check Your Email" page's code field, after a sign-up on these pages.
    static let codeLabel = "Code from the email"
    static let codeHint = "Or enter the 6-digit code from the email instead of following its link."
    static let codeInvalid = UserFacingText.AccountSecurity.reauthenticationCodeInvalid
    static let confirm = UserFacingText.MFA.confirm
    static let confirming = UserFacingText.MFA.confirming
}
