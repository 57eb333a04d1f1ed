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
import GatehouseWebAuthn

extension PasskeyService {
    /// `POST /passkeys/registration/options`: a registration challenge for the signed-in caller.
    /// Checks in GoTrue's order: enabled, not anonymous, aal2 when MFA is on, then a confirmed
    /// address (`AccountLifecycle`), under the cap.
    func registrationOptions(_ caller: Authenticated) async throws(AuthError) -> PasskeyChallenge {
        try requireEnabled()
        try caller.requirePasskeyChanges()
        let now = clock.now()
        try AccountLifecycle.requireMayAdd(.passkey, to: caller.user, at: now)
        let challenge = newChallenge(.registration, userId: caller.user.id, now: now)
        let existing = try await store.run(.transaction) { work in
            let existing = try await work.passkeys.list(userId: challenge.userId ?? caller.user.id)
            guard existing.count < settings.maxPerUser else { throw AuthError.tooManyPasskeys }
            try await work.webAuthnChallenges.insert(challenge)
            return existing
        }
        let options = PasskeyOptions.creation(
            relyingParty: relyingParty, displayName: settings.rpDisplayName, user: caller.user, challenge: challenge.challenge,
            existing: existing)
        return PasskeyChallenge(id: challenge.id, expiresAt: challenge.expiresAt, options: options)
    }

    /// `POST /passkeys/registration/verify`: checks the authenticator's answer to the caller's
    /// challenge and stores the new passkey (named "Passkey"). The challenge is spent whatever
    /// the outcome. Errors in GoTrue's order: the gates as for the options, a missing field
    /// (400 `validation_failed`), the challenge (400 not found / expired), the verification
    /// (400 `webauthn_verification_failed`), the cap again (422), a credential already stored (422).
    func verifyRegistration(
        _ caller: Authenticated, challengeId: String?, credential: RegistrationCredential?
    ) async throws(AuthError) -> PasskeySummary {
        try requireEnabled()
        try caller.requirePasskeyChanges()
        let challengeUUID = try Self.challengeUUID(challengeId)
        guard let credential else { throw .validation("credential is required") }
        let userId = caller.user.id
        let now = clock.now()
        try AccountLifecycle.requireMayAdd(.passkey, to: caller.user, at: now)
        let expected = try await consumeChallenge(challengeUUID, type: .registration, userId: userId, now: now)
        let verified: VerifiedRegistration
        do throws(WebAuthnError) {
            verified = try RegistrationVerifier(relyingParty: relyingParty).verify(credential, expectedChallenge: expected)
        } catch {
            throw verificationFailed(error, ceremony: "registration")
        }
        let passkey = PasskeyRecord(
            id: random.uuid(), userId: userId, credentialID: verified.credentialID, publicKey: verified.publicKey,
            attestationType: verified.attestationType.rawValue, aaguid: verified.aaguid, signCount: verified.signCount,
            transports: verified.transports, backupEligible: verified.backupEligible, backedUp: verified.backedUp,
            friendlyName: Self.defaultName, createdAt: now, updatedAt: now, lastUsedAt: nil)
        let limit = settings.maxPerUser
        try await store.run(.transaction) { work in
            // The user's row lock serializes this user's registrations, so the cap holds.
            _ = try await work.users.find(id: userId, lockedForUpdate: true)
            guard try await work.passkeys.count(userId: userId) < limit else { throw AuthError.tooManyPasskeys }
            guard try await work.passkeys.insert(passkey) else { throw AuthError.webAuthnCredentialExists }
            try await work.audit(
                AuditEvent(.passkeyCreated, user: userId, traits: ["passkey_id": passkey.id.lowercasedString]), at: now)
        }
        return passkey.summary
    }

    /// The same with the credential as JSON text (a web form's hidden field): text that is not
    /// a JSON object is `400 bad_json`.
    func verifyRegistration(_ caller: Authenticated, challengeId: String?, credentialJSON: String) async throws(AuthError) -> PasskeySummary
    {
        try await verifyRegistration(caller, challengeId: challengeId, credential: try Self.decodeCredential(credentialJSON))
    }

    /// GoTrue names a passkey after its authenticator (from the AAGUID list it embeds); this
    /// server does not ship that list, so every new passkey is "Passkey" until renamed.
    static let defaultName = "Passkey"

    static func decodeCredential<Credential: Decodable>(_ json: String) throws(AuthError) -> Credential {
        do {
            return try JSONDecoder().decode(Credential.self, from: Data(json.utf8))
        } catch {
            throw AuthError(.badJSON, kind: .invalidRequest, "Could not parse the credential as JSON")
        }
    }
}
