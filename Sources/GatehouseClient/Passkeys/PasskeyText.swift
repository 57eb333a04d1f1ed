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

/// The texts of passkey sign-in and management. The specs word none of these; they follow the
/// login spec's tone (what happened, then what to do next).
public enum PasskeyText {
    /// The login page's button, and its accessibility label.
    public static let signInButton = "Sign in with a passkey"
    public static let signingIn = "Waiting for your passkey..."
    /// VoiceOver's hint for the button.
    public static let signInHint = "Uses Face ID, Touch ID or your device passcode"
    /// A passkey sign-in the server or the platform refused (also an unknown or reused challenge).
    public static let signInFailed = "We couldn't sign you in with that passkey. Try again or use your password."
    /// `webauthn_verification_failed` outside sign-in (registration).
    public static let verificationFailed = "We couldn't verify that passkey. Please try again."
    /// `webauthn_challenge_expired`, `webauthn_challenge_not_found`.
    public static let challengeExpired = "The passkey request expired. Please try again."
    /// `passkey_disabled`: the server has passkeys switched off.
    public static let disabled = "Passkey sign-in is not available right now. Use your password."
    /// The device holds no passkey for this app, or cannot use passkeys.
    public static let noneOnThisDevice = "There is no passkey for this account on this device. Use your password."
    /// `too_many_passkeys`.
    public static let tooMany = "You have the most passkeys allowed. Remove one to add another."
    /// `webauthn_credential_exists`.
    public static let alreadySaved = "This passkey is already saved to your account."
    /// An added passkey, for the success announcement.
    public static let added = "Passkey added"
    public static let removed = "Passkey removed"
    public static let renamed = "Passkey renamed"
    /// The account page's words.
    public static let add = "Add a passkey"
    public static let rename = "Rename"
    public static let remove = "Remove"
    public static let nameLabel = "Name"
    /// A passkey the server sends without a name.
    public static let defaultName = "Passkey"
    /// A rename to an empty name or one over 120 bytes.
    public static let nameInvalid = "Enter a name of up to 120 characters."
    /// The platform could not make a passkey.
    public static let couldNotAdd = "We couldn't add a passkey on this device. Please try again."
    /// The device cannot make passkeys for this app.
    public static let notSupportedHere = "This device can't save a passkey for this app."

    /// The error codes of the passkey endpoints (reference §4) and their texts.
    static let errorTexts: [AuthErrorCode: String] = [
        PasskeyErrorCode.disabled: disabled,
        PasskeyErrorCode.tooMany: tooMany,
        PasskeyErrorCode.challengeNotFound: challengeExpired,
        PasskeyErrorCode.challengeExpired: challengeExpired,
        PasskeyErrorCode.verificationFailed: verificationFailed,
        PasskeyErrorCode.credentialExists: alreadySaved,
        PasskeyErrorCode.credentialNotFound: verificationFailed,
    ]
}

/// GoTrue's passkey error codes (passkeys reference §4).
public enum PasskeyErrorCode {
    public static let disabled = AuthErrorCode.passkeyDisabled
    public static let tooMany = AuthErrorCode.tooManyPasskeys
    public static let challengeNotFound = AuthErrorCode.webAuthnChallengeNotFound
    public static let challengeExpired = AuthErrorCode.webAuthnChallengeExpired
    public static let verificationFailed = AuthErrorCode.webAuthnVerificationFailed
    public static let credentialExists = AuthErrorCode.webAuthnCredentialExists
    /// Defined by GoTrue, never sent (it answers `webauthn_verification_failed` instead).
    public static let credentialNotFound = AuthErrorCode.webAuthnCredentialNotFound
}

extension AuthClientError {
    /// What a client without passkeys answers: the same as a server with them switched off.
    static let passkeysUnsupported = AuthClientError.api(
        APIError(status: 404, code: PasskeyErrorCode.disabled, message: "passkeys are not supported by this client"))
}
