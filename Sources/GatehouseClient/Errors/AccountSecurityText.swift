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

/// The texts of GoTrue's reauthentication, MFA and anonymous errors (codes the rest of the
/// mapping does not know); anything else is a server error (5xx) or an invalid request.
enum AccountSecurityText {
    static let texts: [String: String] = [
        "reauthentication_needed": UserFacingText.AccountSecurity.reauthenticationNeeded,
        "reauthentication_not_valid": UserFacingText.AccountSecurity.reauthenticationCodeInvalid,
        "insufficient_aal": UserFacingText.AccountSecurity.authenticatorCodeRequired,
        "mfa_verification_failed": UserFacingText.AccountSecurity.authenticatorCodeInvalid,
        "mfa_verification_rejected": UserFacingText.AccountSecurity.authenticatorCodeInvalid,
        "mfa_challenge_expired": UserFacingText.AccountSecurity.authenticatorChallengeExpired,
        "mfa_ip_address_mismatch": UserFacingText.AccountSecurity.authenticatorChallengeExpired,
        "mfa_factor_name_conflict": UserFacingText.AccountSecurity.factorNameTaken,
        "too_many_enrolled_mfa_factors": UserFacingText.AccountSecurity.tooManyFactors,
        "mfa_factor_not_found": UserFacingText.AccountSecurity.factorNotFound,
        "anonymous_provider_disabled": UserFacingText.AccountSecurity.guestSignInDisabled,
        "email_provider_disabled": UserFacingText.AccountSecurity.emailSignInDisabled,
    ]

    static func message(for error: APIError) -> String {
        if let text = texts[error.code.rawValue] ?? PasskeyText.errorTexts[error.code.rawValue] { return text }
        return error.status >= 500 ? UserFacingText.serverError : UserFacingText.invalidRequest
    }
}
