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

extension UserFacingText {
    /// The SDK's texts for GoTrue's email-code, reauthentication, MFA and anonymous flows. The
    /// specs word none of these; they follow the specs' tone (short, what to do next).
    public enum AccountSecurity {
        /// `reauthentication_needed`: a password change needs `reauthenticate()`'s emailed code.
        public static let reauthenticationNeeded = "For your security, enter the code we emailed you to confirm this change."
        /// `reauthentication_not_valid`: that code was wrong, used or too old.
        public static let reauthenticationCodeInvalid = "This code is invalid or has expired. Request a new one."
        /// `insufficient_aal`: the change needs a session confirmed with the authenticator app.
        public static let authenticatorCodeRequired = "Enter a code from your authenticator app to continue."
        /// `mfa_verification_failed`.
        public static let authenticatorCodeInvalid = "Invalid code. Check your authenticator app and try again."
        /// `mfa_challenge_expired`.
        public static let authenticatorChallengeExpired = "The code request expired. Please try again."
        /// `mfa_factor_name_conflict`.
        public static let factorNameTaken = "An authenticator with this name already exists. Choose another name."
        /// `too_many_enrolled_mfa_factors`.
        public static let tooManyFactors = "Too many authenticators are set up. Remove one first."
        /// `mfa_factor_not_found`.
        public static let factorNotFound = "This authenticator is no longer set up."
        /// `anonymous_provider_disabled`.
        public static let guestSignInDisabled = "Guest sign-in is currently disabled."
        /// `email_provider_disabled`: email sign-in (or magic links) switched off on the server.
        public static let emailSignInDisabled = "Email sign-in is currently disabled."
    }
}
