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

/// THE mapping table from the services' outcomes (`AuthError` codes, GoTrue's vocabulary) to
/// Firebase's error names. Every Firebase endpoint throws `AuthError`s from the services and
/// `FirebaseError`s of its own; `FirebaseErrorMiddleware` turns the first kind into the second
/// here, and nowhere else.
extension FirebaseError {
    init(_ error: AuthError) {
        // Every rate limit, whichever bucket or window refused the request, is Firebase's one name.
        if error.kind == .rateLimited {
            self = .named("TOO_MANY_ATTEMPTS_TRY_LATER", "Access has been temporarily disabled due to many failed attempts.")
            self.retryAfter = error.retryAfter
            return
        }
        if error.kind.isServerFailure {
            self = .internalError
            return
        }
        self = Self.table[error.code].map { $0(error) } ?? .named("INVALID_ARGUMENT", AuthErrorWording.text(for: error))
    }

    /// Error code → the Firebase error it becomes (given the `AuthError`, for its wording where Firebase passes it on).
    static let table: [AuthErrorCode: @Sendable (AuthError) -> FirebaseError] = [
        .emailExists: { _ in .named("EMAIL_EXISTS") },
        .userAlreadyExists: { _ in .named("EMAIL_EXISTS") },
        // Wrong password and unknown address alike (enumeration protection on, as Google's default).
        .invalidCredentials: { _ in .named("INVALID_LOGIN_CREDENTIALS") },
        .weakPassword: { .named("WEAK_PASSWORD", weakPasswordDetail($0.passwordCheck)) },
        .samePassword: { _ in .named("WEAK_PASSWORD", "New password should be different from the old password") },
        .userBanned: { _ in .named("USER_DISABLED") },
        .userNotFound: { _ in .named("USER_NOT_FOUND") },
        .badJWT: { _ in .named("INVALID_ID_TOKEN") },
        .noAuthorization: { _ in .named("MISSING_ID_TOKEN") },
        // A revoked session: the iOS SDK signs the user out on TOKEN_EXPIRED (not on INVALID_REFRESH_TOKEN).
        .sessionNotFound: { _ in .named("TOKEN_EXPIRED") },
        .sessionExpired: { _ in .named("TOKEN_EXPIRED") },
        .refreshTokenNotFound: { _ in .named("TOKEN_EXPIRED") },
        .refreshTokenAlreadyUsed: { _ in .named("TOKEN_EXPIRED") },
        AuthErrorCode.reauthenticationNeeded: { _ in .named("CREDENTIAL_TOO_OLD_LOGIN_AGAIN") },
        AuthErrorCode.reauthenticationNotValid: { _ in .named("CREDENTIAL_TOO_OLD_LOGIN_AGAIN") },
        AuthErrorCode.currentPasswordInvalid: { _ in .named("INVALID_LOGIN_CREDENTIALS") },
        // A session without the account's second factor: signing in again goes through
        // `mfaSignIn`, which is what the SDKs do on this name.
        .insufficientAAL: { _ in .named("CREDENTIAL_TOO_OLD_LOGIN_AGAIN") },
        .mfaPendingCredentialInvalid: { _ in .named("INVALID_MFA_PENDING_CREDENTIAL") },
        .mfaFactorNotFound: { _ in .named("MFA_ENROLLMENT_NOT_FOUND") },
        .mfaVerificationFailed: { _ in .named("INVALID_CODE") },
        .mfaTOTPVerifyDisabled: { _ in .named("OPERATION_NOT_ALLOWED", "TOTP based MFA not enabled.") },
        .otpExpired: { _ in .named("EXPIRED_OOB_CODE") },
        .signupDisabled: { _ in .named("OPERATION_NOT_ALLOWED", "Signups are disabled on this server.") },
        .notAdmin: { _ in .insufficientPermission },
        .badJSON: {
            FirebaseError(
                status: .badRequest, message: "Invalid JSON payload received. \(AuthErrorWording.text(for: $0))",
                grpcStatus: "INVALID_ARGUMENT")
        },
        .requestTooLarge: {
            FirebaseError(status: .contentTooLarge, message: AuthErrorWording.text(for: $0), grpcStatus: "INVALID_ARGUMENT")
        },
        .notFound: { _ in .notFound },
        // Sign-in with a provider's ID token (`signInWithIdp`).
        .badIDToken: { .named("INVALID_IDP_RESPONSE", AuthErrorWording.text(for: $0)) },
        .providerDisabled: { _ in .named("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.") },
        .providerEmailNeedsVerification: { .named("INVALID_IDP_RESPONSE", AuthErrorWording.text(for: $0)) },
        .identityAlreadyExists: { _ in .named("FEDERATED_USER_ID_ALREADY_LINKED") },
        .emailNotConfirmed: { .named("UNVERIFIED_EMAIL", AuthErrorWording.text(for: $0)) },
        .conflict: { _ in .named("TOO_MANY_ATTEMPTS_TRY_LATER", "A concurrent request changed this account; retry.") },
    ]
}

extension FirebaseError {
    /// Firebase's words after `WEAK_PASSWORD : ` for the rule the password broke.
    static func weakPasswordDetail(_ check: PasswordCheck?) -> String {
        switch check {
        case .tooShort(let minimum): "Password should be at least \(minimum) characters"
        case .tooCommon: "Password is known to be weak and easy to guess, please choose a different one"
        default: "Password does not meet the requirements"
        }
    }
}
