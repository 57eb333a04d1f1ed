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

extension AuthClientError {
    /// The one mapping from failures to the specs' texts (login spec §2 and §8, forgot-password
    /// spec §8). Unknown accounts and wrong passwords read the same.
    public var userFacingMessage: String {
        switch self {
        case .api(let error): Self.message(for: error)
        case .server, .malformedResponse: UserFacingText.serverError
        case .timedOut: UserFacingText.connectionTimedOut
        case .notConnected: UserFacingText.noInternetConnection
        case .network: UserFacingText.networkError
        case .sessionMissing: UserFacingText.sessionTimedOut
        case .invalidLink, .codeVerifierMissing: UserFacingText.resetLinkInvalid
        }
    }

    /// The text for any error a call can throw.
    public static func userFacingMessage(for error: any Error) -> String {
        if let error = error as? AuthClientError { return error.userFacingMessage }
        return UserFacingText.networkError
    }

    static func message(for error: APIError) -> String {
        if error.isRateLimit {
            return UserFacingText.tooManyRequests(retryAfterSeconds: error.retryAfter ?? 60)
        }
        switch error.code {
        case .invalidCredentials, .userNotFound, AuthErrorCode.invalidGrant:
            return UserFacingText.invalidCredentials
        case .emailNotConfirmed:
            return UserFacingText.emailNotConfirmed
        case .userBanned:
            return UserFacingText.accountDisabled
        case .weakPassword:
            if PasswordCheck.tooCommon(reasons: error.weakPasswordReasons) { return UserFacingText.passwordTooCommon }
            // GoTrue's other reason (`characters`) has no text in the specs: say theirs.
            guard error.weakPasswordReasons?.contains("length") ?? true else { return error.message }
            let minimum = RetryAfter.firstNumber(in: error.message) ?? PasswordPolicy.defaultMinimumLength
            return UserFacingText.passwordTooShort(minimum: minimum)
        case .samePassword:
            return UserFacingText.samePassword
        case .otpExpired, .flowStateNotFound, .flowStateExpired, .badCodeVerifier:
            return UserFacingText.resetLinkInvalid
        case .sessionNotFound, .sessionExpired, .refreshTokenNotFound, .refreshTokenAlreadyUsed, .badJWT, .noAuthorization:
            return UserFacingText.sessionTimedOut
        case .signupDisabled:
            return UserFacingText.signupDisabled
        case .userAlreadyExists, .emailExists:
            return UserFacingText.accountAlreadyExists
        case .unexpectedFailure:
            return UserFacingText.serverError
        case AuthErrorCode.otpDisabled:
            // `signInWithOTP(shouldCreateUser: false)` for an address without an account.
            return UserFacingText.signupDisabled
        case AuthErrorCode.emailAddressInvalid, AuthErrorCode.emailAddressNotAuthorized:
            return UserFacingText.invalidEmail
        case .validationFailed:
            let text = error.message.lowercased()
            if text.contains("email") { return UserFacingText.invalidEmail }
            if text.contains("longer than") { return UserFacingText.passwordTooLong }
            return UserFacingText.invalidRequest
        default:
            return AccountSecurityText.message(for: error)
        }
    }
}

extension RetryAfter {
    static func firstNumber(in text: String) -> Int? {
        text.split(whereSeparator: { !$0.isNumber }).lazy.compactMap { Int($0) }.first
    }
}
