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

/// A registration that passed every check: what the server stores for the new passkey.
public struct VerifiedRegistration: Sendable {
    public let credentialID: [UInt8]
    /// The COSE_Key bytes exactly as the authenticator sent them (`public_key` column).
    public let publicKey: [UInt8]
    public let algorithm: COSEAlgorithm
    public let signCount: UInt32
    public let aaguid: UUID
    /// BE (0x08), stored and compared at every sign-in.
    public let backupEligible: Bool
    /// BS (0x10).
    public let backedUp: Bool
    public let userVerified: Bool
    public let attestationFormat: String
    public let attestationType: AttestationType
    /// `response.transports` as the client reported them (unverified hints).
    public let transports: [String]
}

/// Verifies `navigator.credentials.create()` results (passkeys.md §7, registration checklist).
/// Step 7, refusing a credential id already stored, belongs to the server's insert transaction
/// (`webauthn_credential_exists`, 422), as does consuming the challenge.
public struct RegistrationVerifier: Sendable {
    public let relyingParty: RelyingParty

    public init(relyingParty: RelyingParty) {
        self.relyingParty = relyingParty
    }

    /// - Parameter expectedChallenge: the challenge bytes stored with the consumed challenge row.
    public func verify(_ credential: RegistrationCredential, expectedChallenge: [UInt8]) throws(WebAuthnError) -> VerifiedRegistration {
        // 1. id, rawId, type.
        let credentialID = try CredentialFields.credentialID(id: credential.id, rawId: credential.rawId, type: credential.type)
        let clientDataBytes = try CredentialFields.decode(credential.response?.clientDataJSON, field: "response.clientDataJSON")
        let attestationBytes = try CredentialFields.decode(credential.response?.attestationObject, field: "response.attestationObject")

        // 2. Client data: webauthn.create, challenge, origin.
        let clientData = try CollectedClientData(json: clientDataBytes)
        try clientData.verify(type: CollectedClientData.createType, challenge: expectedChallenge, relyingParty: relyingParty)

        // 3. The attestation object.
        let object = try AttestationObject(bytes: attestationBytes)
        let authData = object.authenticatorData

        // 4. rpIdHash, UP, UV if required, backup flags; AT with the credential it announces.
        try authData.verify(for: relyingParty)
        guard let attested = authData.attestedCredential else { throw .attestedCredentialDataMissing }
        guard attested.credentialID == credentialID else { throw .attestedCredentialIDMismatch }

        // 5. The COSE key (decoded in step 3) must use an advertised algorithm.
        let algorithm = attested.publicKey.algorithm
        guard relyingParty.algorithms.contains(algorithm) else { throw .algorithmNotAllowed(algorithm.rawValue) }

        // 6. The attestation statement.
        let attestationType = try AttestationStatementVerifier.verify(
            object, credential: attested, clientDataHash: clientData.hash, policy: relyingParty.unverifiableAttestation)

        return VerifiedRegistration(
            credentialID: credentialID,
            publicKey: attested.publicKey.encoded,
            algorithm: algorithm,
            signCount: authData.signCount,
            aaguid: attested.aaguid,
            backupEligible: authData.flags.contains(.backupEligible),
            backedUp: authData.flags.contains(.backedUp),
            userVerified: authData.flags.contains(.userVerified),
            attestationFormat: object.format,
            attestationType: attestationType,
            transports: credential.response?.transports ?? []
        )
    }
}
