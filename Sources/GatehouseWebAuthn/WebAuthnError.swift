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

/// Why a registration or an assertion was refused. Every case answers the client with GoTrue's
/// `webauthn_verification_failed` (HTTP 400); the case itself is for logs and tests. The other
/// passkey error codes (challenge not found or expired, credential exists, too many passkeys)
/// come from the server's storage, not from this library. See docs/passkeys-verification.md.
public enum WebAuthnError: Error, Equatable, Sendable {
    // The credential JSON (checklist step 1)
    /// A required field is absent, not a string, or not base64url.
    case malformedCredential(field: String)
    /// `id` and `rawId` name different credentials.
    case credentialIDMismatch
    /// `type` is not `public-key`.
    case wrongCredentialType(String)

    // Client data (step 2)
    /// clientDataJSON is not a JSON object with string `type`, `challenge` and `origin`.
    case malformedClientData
    /// `webauthn.get` sent to registration, or the reverse.
    case wrongCeremonyType(expected: String, received: String)
    case challengeMismatch
    case originNotAllowed(String)
    /// The ceremony ran in a cross-origin iframe and the relying party does not allow that.
    case crossOriginNotAllowed

    // Attestation object and authenticator data (steps 3-4)
    case malformedAttestationObject(CBORError?)
    case malformedAuthenticatorData(String)
    case rpIDHashMismatch
    /// UP (0x01) clear.
    case userNotPresent
    /// UV (0x04) clear while the relying party requires user verification.
    case userNotVerified
    /// Registration without AT (0x40), i.e. no credential in the authenticator data.
    case attestedCredentialDataMissing
    /// The authenticator data's credential id differs from `rawId`.
    case attestedCredentialIDMismatch

    // Keys and attestation statements (steps 5-6)
    case invalidPublicKey(COSEKeyError)
    /// The key's algorithm is not one the relying party advertises.
    case algorithmNotAllowed(Int)
    case unsupportedAttestationFormat(String)
    case invalidAttestationStatement(String)

    // Assertion only
    /// `rawId` is not the stored credential the server looked up.
    case unknownCredential
    /// `userHandle` is absent, not a UUID string, or not the stored credential's user.
    case invalidUserHandle
    /// BE differs from the value stored at registration.
    case backupEligibilityChanged
    /// BS set without BE, which the specification forbids.
    case backupStateWithoutEligibility
    case invalidSignature
    /// The counter did not increase and the relying party refuses that (off by default, as GoTrue).
    case signCountRegressed(stored: UInt32, received: UInt32)

    /// The GoTrue error code the server answers with.
    public var errorCode: String { "webauthn_verification_failed" }
    /// The HTTP status the server answers with.
    public var httpStatus: Int { 400 }
}
