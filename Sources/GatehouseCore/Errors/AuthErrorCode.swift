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

/// The machine-readable error codes Gatehouse answers with: GoTrue's `error_code` strings, so
/// that the official Supabase clients map them as they do against the hosted service.
public struct AuthErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let validationFailed = Self("validation_failed")
    public static let badJSON = Self("bad_json")
    public static let requestTooLarge = Self("request_entity_too_large")
    public static let notFound = Self("not_found")
    public static let methodNotAllowed = Self("method_not_allowed")
    public static let invalidCredentials = Self("invalid_credentials")
    public static let emailNotConfirmed = Self("email_not_confirmed")
    public static let userBanned = Self("user_banned")
    public static let signupDisabled = Self("signup_disabled")
    public static let userAlreadyExists = Self("user_already_exists")
    public static let emailExists = Self("email_exists")
    public static let weakPassword = Self("weak_password")
    public static let samePassword = Self("same_password")
    public static let otpExpired = Self("otp_expired")
    public static let overEmailSendRateLimit = Self("over_email_send_rate_limit")
    public static let overRequestRateLimit = Self("over_request_rate_limit")
    public static let refreshTokenNotFound = Self("refresh_token_not_found")
    public static let refreshTokenAlreadyUsed = Self("refresh_token_already_used")
    public static let sessionNotFound = Self("session_not_found")
    public static let sessionExpired = Self("session_expired")
    public static let flowStateNotFound = Self("flow_state_not_found")
    public static let flowStateExpired = Self("flow_state_expired")
    public static let badCodeVerifier = Self("bad_code_verifier")
    public static let noAuthorization = Self("no_authorization")
    public static let badJWT = Self("bad_jwt")
    public static let notAdmin = Self("not_admin")
    public static let userNotFound = Self("user_not_found")
    public static let conflict = Self("conflict")
    public static let unexpectedFailure = Self("unexpected_failure")
    public static let unknown = Self("unknown")

    // Reauthentication and the password change's proof.
    public static let reauthenticationNeeded = Self("reauthentication_needed")
    public static let reauthenticationNotValid = Self("reauthentication_not_valid")
    public static let currentPasswordInvalid = Self("current_password_invalid")

    // Providers switched off.
    public static let anonymousProviderDisabled = Self("anonymous_provider_disabled")
    public static let emailProviderDisabled = Self("email_provider_disabled")
    public static let otpDisabled = Self("otp_disabled")

    // Addresses GoTrue refuses to send to.
    public static let emailAddressInvalid = Self("email_address_invalid")
    public static let emailAddressNotAuthorized = Self("email_address_not_authorized")

    // OAuth-style grant errors some GoTrue versions send.
    public static let invalidGrant = Self("invalid_grant")

    // Sign-in with another provider (OpenID Connect, Apple, Google). GoTrue answers a bad ID
    // token with an OAuth error that has no code; `bad_id_token` names it.
    public static let providerDisabled = Self("provider_disabled")
    public static let badIDToken = Self("bad_id_token")
    public static let badOAuthState = Self("bad_oauth_state")
    public static let badOAuthCallback = Self("bad_oauth_callback")
    public static let oauthProviderNotSupported = Self("oauth_provider_not_supported")
    public static let providerEmailNeedsVerification = Self("provider_email_needs_verification")
    public static let identityAlreadyExists = Self("identity_already_exists")
    public static let identityNotFound = Self("identity_not_found")
    public static let singleIdentityNotDeletable = Self("single_identity_not_deletable")
    public static let manualLinkingDisabled = Self("manual_linking_disabled")
    /// A provider's callback `error=access_denied` with no GoTrue `error_code`: the provider, or
    /// the person at it, refused.
    public static let accessDenied = Self("access_denied")

    // MFA.
    public static let insufficientAAL = Self("insufficient_aal")
    public static let mfaPendingCredentialInvalid = Self("mfa_pending_credential_invalid")
    public static let mfaFactorNotFound = Self("mfa_factor_not_found")
    public static let mfaFactorNameConflict = Self("mfa_factor_name_conflict")
    public static let tooManyEnrolledFactors = Self("too_many_enrolled_mfa_factors")
    public static let mfaVerificationFailed = Self("mfa_verification_failed")
    public static let mfaVerificationRejected = Self("mfa_verification_rejected")
    public static let mfaChallengeExpired = Self("mfa_challenge_expired")
    public static let mfaIPAddressMismatch = Self("mfa_ip_address_mismatch")
    public static let mfaTOTPEnrollDisabled = Self("mfa_totp_enroll_not_enabled")
    public static let mfaTOTPVerifyDisabled = Self("mfa_totp_verify_not_enabled")

    // Passkeys (WebAuthn); `webauthn_credential_not_found` is defined by GoTrue and never sent.
    public static let passkeyDisabled = Self("passkey_disabled")
    public static let tooManyPasskeys = Self("too_many_passkeys")
    public static let webAuthnChallengeNotFound = Self("webauthn_challenge_not_found")
    public static let webAuthnChallengeExpired = Self("webauthn_challenge_expired")
    public static let webAuthnVerificationFailed = Self("webauthn_verification_failed")
    public static let webAuthnCredentialExists = Self("webauthn_credential_exists")
    public static let webAuthnCredentialNotFound = Self("webauthn_credential_not_found")

    /// Codes after which a client must forget its stored session (supabase-swift does the same).
    public var endsSession: Bool {
        [Self.sessionNotFound, .sessionExpired, .refreshTokenNotFound, .refreshTokenAlreadyUsed].contains(self)
    }
}
