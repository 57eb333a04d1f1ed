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

/// The words the JSON adapters (GoTrue, the REST and Edge Function envelopes, the operator's
/// command line) answer a domain error with. Services say what failed, by code and kind, and add
/// a detail only where the code does not say it all (which field, which provider, which limit);
/// the sentence for each code is chosen here, once. The texts are GoTrue's, because the Supabase
/// clients and the apps built on them show them to people. Firebase and the pages word errors
/// their own way (`FirebaseErrorMapping`, `UserFacingText`).
enum AuthErrorWording {
    static func text(for error: AuthError) -> String {
        if let detail = error.detail { return detail }
        switch error.code {
        case .weakPassword:
            return weakPassword(error.passwordCheck)
        case .overEmailSendRateLimit:
            return "For security purposes, you can only request this after \(error.retryAfter ?? 60) seconds."
        default:
            return byCode[error.code] ?? byKind(error.kind)
        }
    }

    static func weakPassword(_ check: PasswordCheck?) -> String {
        switch check {
        case .tooShort(let minimum): "Password should be at least \(minimum) characters."
        case .tooCommon: PasswordCheck.tooCommonMessage
        default: "Password does not meet the requirements."
        }
    }

    /// A code's sentence when the error carries no detail.
    static let byCode: [AuthErrorCode: String] = [
        .anonymousProviderDisabled: "Anonymous sign-ins are disabled",
        .badCodeVerifier: "code challenge does not match previously saved code verifier",
        .badIDToken: "Bad ID token",
        .badJSON: "Could not parse request body as JSON",
        .badJWT: "invalid JWT: unable to parse or verify signature, token is expired or malformed",
        .badOAuthCallback: "OAuth callback is missing its state or code",
        .badOAuthState: "OAuth state parameter is invalid",
        .conflict: "Concurrent request conflict, please retry",
        .currentPasswordInvalid: "Current password is incorrect",
        .emailExists: "A user with this email address has already been registered",
        .emailNotConfirmed: "Email not confirmed",
        .flowStateExpired: "invalid flow state, flow state has expired",
        .flowStateNotFound: "invalid flow state, no valid flow state found",
        .identityAlreadyExists: "Identity is already linked to another user",
        .identityNotFound: "Identity doesn't exist",
        .insufficientAAL: "AAL2 session is required",
        .invalidCredentials: "Invalid login credentials",
        .manualLinkingDisabled: "Manual linking is disabled",
        .methodNotAllowed: "Method Not Allowed",
        .mfaChallengeExpired: "MFA challenge has expired, verify against another challenge or create a new challenge.",
        .mfaFactorNameConflict: "A factor with this friendly name already exists for this user",
        .mfaFactorNotFound: "Factor not found",
        .mfaIPAddressMismatch: "Challenge and verify IP addresses mismatch. Try enrollment again.",
        .mfaPendingCredentialInvalid: "The MFA pending credential is invalid or has expired",
        .mfaTOTPEnrollDisabled: "MFA enroll is disabled for TOTP",
        .mfaTOTPVerifyDisabled: "MFA verification is disabled for TOTP",
        .mfaVerificationFailed: "Invalid TOTP code entered",
        .noAuthorization: "This endpoint requires a valid Bearer token",
        .notAdmin: "User not allowed",
        .notFound: "Not Found",
        .oauthProviderNotSupported: "Unsupported provider",
        .otpExpired: "Token has expired or is invalid",
        .overRequestRateLimit: "Request rate limit reached",
        .passkeyDisabled: "Passkeys are disabled",
        .providerDisabled: "Provider is not enabled",
        .providerEmailNeedsVerification: "The provider has not verified this email address",
        .reauthenticationNeeded: "Password update requires reauthentication",
        .reauthenticationNotValid: "Nonce has expired or is invalid",
        .refreshTokenAlreadyUsed: "Invalid Refresh Token: Already Used",
        .refreshTokenNotFound: "Invalid Refresh Token: Refresh Token Not Found",
        .requestTooLarge: "Request body too large",
        .samePassword: "New password should be different from the old password.",
        .sessionExpired: "Invalid Refresh Token: Session Expired",
        .sessionNotFound: "Session from session_id claim in JWT does not exist",
        .signupDisabled: "Signups not allowed for this instance",
        .singleIdentityNotDeletable: "User must have at least 1 identity after unlinking",
        .tooManyEnrolledFactors: "Maximum number of verified factors reached, unenroll to continue",
        .tooManyPasskeys: "Maximum number of passkeys reached",
        .unexpectedFailure: "Unexpected failure, please check server logs for more information",
        .userAlreadyExists: "User already registered",
        .userBanned: "User is banned",
        .userNotFound: "User not found",
        .validationFailed: "Invalid request",
        .webAuthnChallengeExpired: "WebAuthn challenge has expired",
        .webAuthnChallengeNotFound: "WebAuthn challenge not found or already used",
        .webAuthnCredentialExists: "This passkey is already registered",
        .webAuthnVerificationFailed: "WebAuthn credential verification failed",
    ]

    /// For a code without a sentence of its own.
    static func byKind(_ kind: AuthError.Kind) -> String {
        switch kind {
        case .invalidRequest: "Invalid request"
        case .unauthenticated: "This endpoint requires a valid Bearer token"
        case .forbidden: "Not allowed"
        case .notFound: "Not Found"
        case .unsupportedMethod: "Method Not Allowed"
        case .conflict: "Concurrent request conflict, please retry"
        case .tooLarge: "Request body too large"
        case .refused: "The request was refused"
        case .rateLimited: "Request rate limit reached"
        case .internalFailure: "Unexpected failure, please check server logs for more information"
        case .unavailable: "Service temporarily unavailable"
        }
    }
}
