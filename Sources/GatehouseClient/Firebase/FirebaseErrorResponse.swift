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

/// Reads Firebase's error envelope, `{"error": {"code": 400, "message": "NAME[ : detail]",
/// "errors": [...]}}`, into the SDK's `AuthClientError`: the name (the message up to its first
/// colon, as the iOS SDK splits it) picks the GoTrue code whose text the specs give, so every
/// page maps a Firebase failure to the same words as a GoTrue one. `message` keeps Firebase's
/// whole text (`WEAK_PASSWORD : Password should be at least 6 characters` gives the minimum).
enum FirebaseErrorResponse {
    /// Firebase's names → the SDK's codes (auth-protocols B2's table).
    static let codes: [String: AuthErrorCode] = [
        "EMAIL_EXISTS": .emailExists,
        "INVALID_EMAIL": .validationFailed,
        "MISSING_EMAIL": .validationFailed,
        "MISSING_PASSWORD": .validationFailed,
        "WEAK_PASSWORD": .weakPassword,
        // Sign-in without enumeration protection; a reset request reads it as sent (`AccountNotFound`).
        "EMAIL_NOT_FOUND": .userNotFound,
        "INVALID_PASSWORD": .invalidCredentials,
        "INVALID_LOGIN_CREDENTIALS": .invalidCredentials,
        "USER_DISABLED": .userBanned,
        "TOO_MANY_ATTEMPTS_TRY_LATER": .overRequestRateLimit,
        "RESET_PASSWORD_EXCEED_LIMIT": .overEmailSendRateLimit,
        "QUOTA_EXCEEDED": .overEmailSendRateLimit,
        "INVALID_OOB_CODE": .otpExpired,
        "EXPIRED_OOB_CODE": .otpExpired,
        "MISSING_OOB_CODE": .otpExpired,
        // The session is over: revoked (password changed or reset), user deleted, token refused.
        "TOKEN_EXPIRED": .refreshTokenNotFound,
        "USER_NOT_FOUND": .refreshTokenNotFound,
        "INVALID_REFRESH_TOKEN": .refreshTokenNotFound,
        "MISSING_REFRESH_TOKEN": .refreshTokenNotFound,
        "INVALID_ID_TOKEN": .badJWT,
        "OPERATION_NOT_ALLOWED": AuthErrorCode.emailProviderDisabled,
        "PASSWORD_LOGIN_DISABLED": AuthErrorCode.emailProviderDisabled,
        // `signInWithIdp`: a provider's token refused, a provider not offered, an identity taken.
        "INVALID_IDP_RESPONSE": AuthErrorCode.badIDToken,
        "MISSING_OR_INVALID_NONCE": AuthErrorCode.badIDToken,
        "INVALID_PROVIDER_ID": AuthErrorCode.oauthProviderNotSupported,
        "FEDERATED_USER_ID_ALREADY_LINKED": AuthErrorCode.identityAlreadyExists,
    ]

    /// A right password of an account with a second factor: Firebase answers a pending
    /// credential (`mfaPendingCredential`, `mfaInfo`) to finish with `v2/accounts/mfaSignIn:finalize`,
    /// not tokens. This client does not finish that step, so the sign-in ends here with GoTrue's
    /// name for a session that still lacks its second factor (its text asks for the code).
    static let secondFactorRequired = AuthClientError.api(
        APIError(
            status: 200, code: AuthErrorCode.insufficientAAL,
            message: "The account has a second factor: the sign-in answered mfaPendingCredential, not tokens"))

    /// The name a Firebase message starts with: `WEAK_PASSWORD : …` → `WEAK_PASSWORD`.
    static func name(of message: String) -> String {
        let head = message.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingCharacters(in: .whitespaces)
    }

    static func error(_ result: HTTPResult) -> AuthClientError {
        let status = result.statusCode
        let envelope = (try? JSONDecoder().decode(JSONValue.self, from: result.data))?.objectValue?["error"]?.objectValue
        guard let message = envelope?["message"]?.stringValue else {
            if status >= 500 { return .server(status: status) }
            let code: AuthErrorCode = status == 429 ? .overRequestRateLimit : .unknown
            return .api(APIError(status: status, code: code, message: String(decoding: result.data.prefix(200), as: UTF8.self)))
        }
        let name = name(of: message)
        var code = codes[name] ?? (status >= 500 ? .unexpectedFailure : AuthErrorCode(name.lowercased()))
        if status == 429, !APIError(status: 0, code: code, message: "").isRateLimit { code = .overRequestRateLimit }
        let retryAfter = RetryAfter.seconds(fromHeader: result.header("Retry-After"))
        // Firebase's errors carry no reasons: a known password is told by its detail, GoTrue's text.
        let pwned = code == .weakPassword && message.contains(PasswordCheck.tooCommonMessage.dropLast())
        return .api(
            APIError(status: status, code: code, message: message, retryAfter: retryAfter, weakPasswordReasons: pwned ? ["pwned"] : nil))
    }
}
