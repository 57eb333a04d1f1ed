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

/// The texts of sign-in with another provider (Sign in with Apple, the web flow). The specs word
/// none of these; they follow the login spec's tone (what happened, then what to do next).
public enum FederatedSignInText {
    /// Between the email form and the provider's button.
    public static let separator = "or"
    /// `provider_disabled`, `oauth_provider_not_supported`: the server does not offer it.
    public static let providerUnavailable = "This sign-in option is not available right now. Use your email and password."
    /// `bad_id_token`: the server refused the provider's token (expired, replayed, not for this app).
    public static let notVerified = "We couldn't verify your sign-in. Please try again."
    /// `bad_oauth_state`, `bad_oauth_callback`, or a callback without a code.
    public static let didNotFinish = "The sign-in didn't finish. Please try again."
    /// `provider_email_needs_verification`: a new account whose address the provider did not verify.
    public static let confirmEmail = "Check your inbox: confirm your email address, then sign in again."
    /// `identity_already_exists`.
    public static let linkedElsewhere = "This sign-in is already linked to another account."
    /// `email_exists` (GoTrue) or `needConfirmation` (Firebase) for a provider sign-in: the
    /// address belongs to an account that signs in another way, and is not linked automatically.
    public static let accountExistsWithOtherMethod =
        "An account with this email already exists. Sign in with your email and password."
    /// The person refused at the provider (`error=access_denied` in the callback).
    public static let refusedAtProvider = "The sign-in was not allowed. Try again or use your email and password."
    /// Sign in with Apple failed on the device (not a cancellation).
    public static let appleFailed = "We couldn't sign you in with Apple. Please try again."
    /// VoiceOver's announcement while the server checks Apple's answer.
    public static let signingIn = "Signing in..."

    /// The error codes of provider sign-ins and their texts (`email_exists` keeps the sign-up
    /// text here; `message(for:)` gives the provider sign-in's).
    static let errorTexts: [AuthErrorCode: String] = [
        .providerDisabled: providerUnavailable,
        .oauthProviderNotSupported: providerUnavailable,
        .badIDToken: notVerified,
        .badOAuthState: didNotFinish,
        .badOAuthCallback: didNotFinish,
        .providerEmailNeedsVerification: confirmEmail,
        .identityAlreadyExists: linkedElsewhere,
        AuthErrorCode.accessDenied: refusedAtProvider,
    ]

    /// The text for an error of a provider sign-in: as `userFacingMessage`, except that an
    /// address already taken says how to get in.
    public static func message(for error: any Error) -> String {
        if let error = error as? AuthClientError, error.apiError?.code == .emailExists, error.retryAfterSeconds == nil {
            return accountExistsWithOtherMethod
        }
        return AuthClientError.userFacingMessage(for: error)
    }
}
