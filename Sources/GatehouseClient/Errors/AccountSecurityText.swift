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

/// The texts of GoTrue's reauthentication, MFA and anonymous errors, then passkeys' and provider
/// sign-ins' tables (codes the rest of the mapping does not know); anything else is a server
/// error (5xx) or an invalid request.
enum AccountSecurityText {
    static let texts: [AuthErrorCode: String] = [
        .reauthenticationNeeded: UserFacingText.AccountSecurity.reauthenticationNeeded,
        .reauthenticationNotValid: UserFacingText.AccountSecurity.reauthenticationCodeInvalid,
        .insufficientAAL: UserFacingText.AccountSecurity.authenticatorCodeRequired,
        .mfaVerificationFailed: UserFacingText.AccountSecurity.authenticatorCodeInvalid,
        .mfaVerificationRejected: UserFacingText.AccountSecurity.authenticatorCodeInvalid,
        .mfaChallengeExpired: UserFacingText.AccountSecurity.authenticatorChallengeExpired,
        .mfaIPAddressMismatch: UserFacingText.AccountSecurity.authenticatorChallengeExpired,
        .mfaFactorNameConflict: UserFacingText.AccountSecurity.factorNameTaken,
        .tooManyEnrolledFactors: UserFacingText.AccountSecurity.tooManyFactors,
        .mfaFactorNotFound: UserFacingText.AccountSecurity.factorNotFound,
        .anonymousProviderDisabled: UserFacingText.AccountSecurity.guestSignInDisabled,
        .emailProviderDisabled: UserFacingText.AccountSecurity.emailSignInDisabled,
    ]

    static func message(for error: APIError) -> String {
        if let text = texts[error.code] ?? PasskeyText.errorTexts[error.code] ?? FederatedSignInText.errorTexts[error.code] {
            return text
        }
        return error.status >= 500 ? UserFacingText.serverError : UserFacingText.invalidRequest
    }
}
