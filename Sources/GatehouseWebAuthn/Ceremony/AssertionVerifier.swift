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

/// The stored passkey the server found for an assertion (by user handle, then `rawId`).
public struct StoredCredential: Sendable {
    public var credentialID: [UInt8]
    /// The COSE_Key bytes saved at registration.
    public var publicKey: [UInt8]
    public var signCount: UInt32
    public var backupEligible: Bool
    public var userID: UUID

    public init(credentialID: [UInt8], publicKey: [UInt8], signCount: UInt32, backupEligible: Bool, userID: UUID) {
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.userID = userID
    }
}

/// What the signature counter says (W3C WebAuthn §6.1.1).
public enum SignCountOutcome: Sendable, Equatable {
    /// Both zero: the authenticator keeps no counter (synced passkeys).
    case notSupported
    /// Higher than stored: store the new value.
    case advanced
    /// Not higher than a non-zero counter: a possible clone; logged, and refused only when
    /// `RelyingParty.refusesCounterRegression` is set.
    case regressed
}

/// An assertion that passed every check.
public struct VerifiedAssertion: Sendable {
    public let credentialID: [UInt8]
    public let userID: UUID
    /// The counter the authenticator reported.
    public let signCount: UInt32
    /// The counter to store: the higher of stored and reported (a stored value never goes down).
    public let signCountToStore: UInt32
    public let signCountOutcome: SignCountOutcome
    public let backupEligible: Bool
    /// BS now; GoTrue does not persist changes to it.
    public let backedUp: Bool
    public let userVerified: Bool
}

/// Verifies `navigator.credentials.get()` results (passkeys.md §7, authentication checklist).
public struct AssertionVerifier: Sendable {
    public let relyingParty: RelyingParty

    public init(relyingParty: RelyingParty) {
        self.relyingParty = relyingParty
    }

    /// Step 3's first half, before any lookup: the user handle is the base64url of the UTF-8
    /// bytes of the user's UUID string (36 bytes, any case). Anything else is `invalidUserHandle`.
    public static func userID(of credential: AuthenticationCredential) throws(WebAuthnError) -> UUID {
        guard let text = credential.response?.userHandle, let bytes = Base64URL.decode(text), bytes.count == 36,
            let string = String(validating: bytes, as: UTF8.self), let id = UUID(uuidString: string)
        else { throw .invalidUserHandle }
        return id
    }

    public func verify(
        _ credential: AuthenticationCredential, expectedChallenge: [UInt8], storedCredential stored: StoredCredential
    ) throws(WebAuthnError) -> VerifiedAssertion {
        // 1. id, rawId, type.
        let credentialID = try CredentialFields.credentialID(id: credential.id, rawId: credential.rawId, type: credential.type)
        let clientDataBytes = try CredentialFields.decode(credential.response?.clientDataJSON, field: "response.clientDataJSON")
        let authDataBytes = try CredentialFields.decode(credential.response?.authenticatorData, field: "response.authenticatorData")
        let signature = try CredentialFields.decode(credential.response?.signature, field: "response.signature")

        // 2. Client data: webauthn.get, challenge, origin.
        let clientData = try CollectedClientData(json: clientDataBytes)
        try clientData.verify(type: CollectedClientData.getType, challenge: expectedChallenge, relyingParty: relyingParty)

        // 3. The user handle names the stored credential's user, and rawId is that credential.
        let userID = try Self.userID(of: credential)
        guard userID == stored.userID else { throw .invalidUserHandle }
        guard credentialID == stored.credentialID else { throw .unknownCredential }

        // 4. rpIdHash, UP, UV if required, backup flags against the stored BE.
        let authData = try AuthenticatorData(bytes: authDataBytes)
        try authData.verify(for: relyingParty)
        let backupEligible = authData.flags.contains(.backupEligible)
        guard backupEligible == stored.backupEligible else { throw .backupEligibilityChanged }

        // 5. The signature over authenticatorData ‖ SHA-256(clientDataJSON), with the stored key.
        let key: COSEKey
        do { key = try COSEKey(encoded: stored.publicKey) } catch { throw .invalidPublicKey(error) }
        guard relyingParty.algorithms.contains(key.algorithm) else { throw .algorithmNotAllowed(key.algorithm.rawValue) }
        guard key.isValidSignature(signature, for: authDataBytes + clientData.hash) else { throw .invalidSignature }

        // 6. The counter.
        let received = authData.signCount
        let outcome: SignCountOutcome
        if received == 0, stored.signCount == 0 {
            outcome = .notSupported
        } else if received > stored.signCount {
            outcome = .advanced
        } else {
            if relyingParty.refusesCounterRegression { throw .signCountRegressed(stored: stored.signCount, received: received) }
            outcome = .regressed
        }

        return VerifiedAssertion(
            credentialID: credentialID,
            userID: userID,
            signCount: received,
            signCountToStore: max(received, stored.signCount),
            signCountOutcome: outcome,
            backupEligible: backupEligible,
            backedUp: authData.flags.contains(.backedUp),
            userVerified: authData.flags.contains(.userVerified)
        )
    }
}
