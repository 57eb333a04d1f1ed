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

/// How a registration's attestation was established (stored as `attestation_type`).
public enum AttestationType: String, Sendable {
    /// fmt `none`: nothing attested, the norm for passkeys (Gatehouse asks for `attestation: none`).
    case none
    /// fmt `packed` without a certificate: signed by the credential's own key, which is verified.
    case selfAttestation = "self"
    /// A certificate-based format this library does not verify, accepted as if it were `none`
    /// (see `RelyingParty.unverifiableAttestation`). Without trust anchors a certificate proves
    /// nothing about the authenticator, so this is no weaker than `none`.
    case unverifiedTreatedAsNone = "none-unverified"
}

/// What to do with attestation formats that carry certificates (packed with x5c, tpm,
/// android-key, android-safetynet, fido-u2f, apple, compound).
public enum UnverifiableAttestationPolicy: Sendable {
    case acceptAsNone
    case refuse
}

/// Checklist step 6: the attestation statement for the format.
enum AttestationStatementVerifier {
    /// The registered identifiers (IANA "WebAuthn Attestation Statement Format Identifiers").
    static let certificateFormats: Set<String> = [
        "packed", "tpm", "android-key", "android-safetynet", "fido-u2f", "apple", "compound",
    ]

    static func verify(
        _ object: AttestationObject,
        credential: AttestedCredentialData,
        clientDataHash: [UInt8],
        policy: UnverifiableAttestationPolicy
    ) throws(WebAuthnError) -> AttestationType {
        let statement = object.statement
        switch object.format {
        case "none":
            guard statement.mapEntries?.isEmpty == true else {
                throw .invalidAttestationStatement("fmt none with a non-empty attStmt")
            }
            return .none
        case "packed" where statement[textKey: "x5c"] == nil:
            return try verifyPackedSelf(statement, credential: credential, signed: object.authenticatorData.raw + clientDataHash)
        case let format where certificateFormats.contains(format):
            guard policy == .acceptAsNone else { throw .unsupportedAttestationFormat(format) }
            return .unverifiedTreatedAsNone
        case let format:
            throw .unsupportedAttestationFormat(format)
        }
    }

    /// Packed self attestation (W3C WebAuthn §8.2): `alg` equals the credential key's algorithm
    /// and `sig` verifies with that key over authenticatorData ‖ clientDataHash.
    private static func verifyPackedSelf(
        _ statement: CBORValue, credential: AttestedCredentialData, signed: [UInt8]
    ) throws(WebAuthnError) -> AttestationType {
        guard let algorithm = statement[textKey: "alg"]?.intValue else {
            throw .invalidAttestationStatement("packed without an integer alg")
        }
        guard let signature = statement[textKey: "sig"]?.bytesValue else {
            throw .invalidAttestationStatement("packed without a byte-string sig")
        }
        guard algorithm == credential.publicKey.algorithm.rawValue else {
            throw .invalidAttestationStatement("packed alg \(algorithm) differs from the key's")
        }
        guard credential.publicKey.isValidSignature(signature, for: signed) else {
            throw .invalidAttestationStatement("packed self-attestation signature does not verify")
        }
        return .selfAttestation
    }
}
