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

/// The pages' texts for signing in with a provider, in the specs' voice: what happened and what
/// to do next, naming the provider as its button does.
enum ProviderButtonsText {
    static let divider = "or"

    static func continueWith(_ provider: String) -> String { "Continue with \(provider)" }

    // The login page, after a provider sign-in that did not end signed in (`?provider_error=`).
    static func cancelled(_ provider: String) -> String { "Signing in with \(provider) was cancelled. Try again or use your password." }
    static func expired(_ provider: String) -> String {
        "That sign-in with \(provider) took too long or was started in another browser. Try again."
    }
    static func emailExists(_ provider: String) -> String {
        "An account with this email address already exists. Sign in with your password, then link \(provider) from your account page."
    }
    static func unverified(_ provider: String) -> String {
        "\(provider) has not verified your email address. Verify it with \(provider), or sign up with your email address and a password."
    }
    static let tooManyAttempts = "Too many sign-in attempts. Please try again in a few minutes."
    static func failed(_ provider: String) -> String { "We couldn't sign you in with \(provider). Try again or use your password." }

    /// The login page's summary for a refused provider sign-in: the provider's OAuth error or
    /// our error code. Only these fixed texts are shown, never words from the address bar.
    static func refusal(_ reason: String, provider: String) -> String {
        switch AuthErrorCode(rawValue: reason) {
        case .emailExists, .userAlreadyExists: emailExists(provider)
        case .providerEmailNeedsVerification: unverified(provider)
        case .signupDisabled: UserFacingText.signupDisabled
        case .userBanned: UserFacingText.accountDisabled
        case .badOAuthState: expired(provider)
        case .overRequestRateLimit: tooManyAttempts
        default: reason == "access_denied" ? cancelled(provider) : failed(provider)
        }
    }

    // The account page's section.
    static let identitiesTitle = "Sign-in providers"
    static let identitiesExplanation = "Accounts at other services you can sign in with."
    static let identitiesNone = "No other service is linked to your account."
    static let unlink = "Unlink"
    static let unlinking = "Unlinking..."
    static func unlinked(_ provider: String) -> String { "\(provider) was unlinked. It can no longer sign you in." }
    static func lastWayIn(_ provider: String) -> String {
        "\(provider) is the only way to sign in to your account. Set a password with “Forgot password?” first, then unlink it."
    }
    static let identityGone = "That sign-in provider is no longer linked."
    static func link(_ provider: String) -> String { "Link \(provider)" }
    static func linked(_ provider: String) -> String { "\(provider) was linked. You can use it to sign in." }

    /// The account section's error for a refused link: the login page's texts, and the ones
    /// only linking has.
    static func linkRefusal(_ reason: String, provider: String) -> String {
        switch AuthErrorCode(rawValue: reason) {
        case .identityAlreadyExists: "That \(provider) account is already linked to another account."
        case .manualLinkingDisabled: "Linking other services is turned off on this server."
        case .overRequestRateLimit: tooManyAttempts
        case .emailExists: "Another account already has the email address of that \(provider) account."
        default: reason == "access_denied" ? "Linking \(provider) was cancelled." : "We couldn't link \(provider). Try again."
        }
    }
    static let noAddress = "No email address shared"
}
