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

/// The web pages' texts for the sign-in's code step and the account page's step-up, in the specs'
/// voice (short sentences that say what happened and what to do next; buttons name their action).
/// The code field and its errors are the two-factor section's (`UserFacingText.MFA`).
enum SecondFactorPageText {
    // The sign-in's code step (`/login/code`).
    static let title = "Enter your code"
    static let explanation = "Open your authenticator app and enter the 6-digit code it shows for this account."
    static let verify = "Verify"
    static let verifying = "Verifying..."
    static let cancel = "Cancel sign-in"
    static let cancelling = "Cancelling..."
    static let expired = "That took too long. Please sign in again."

    // Either form.
    static let choiceLegend = "Which authenticator app?"
    static let unnamed = "Authenticator app"
    static let verifyDisabled = "Codes from authenticator apps cannot be checked right now. Please try again later."
    static let factorGone = "That authenticator app is no longer on your account. Choose another, or sign in again."

    // The account page's setup: the same details as the QR code, for the app on this device.
    static let openInApp = "Open in your authenticator app"

    // The account page's step-up.
    static let stepUpTitle = "Confirm with your authenticator app"
    static let stepUpExplanation =
        "To change your email, password, two-factor authentication or passkeys, enter the 6-digit code from your authenticator app."
    static let stepUpConfirm = "Confirm code"
    static let stepUpConfirming = "Confirming..."
    static let stepUpDone = "Code confirmed. You can now change your security settings."
}
