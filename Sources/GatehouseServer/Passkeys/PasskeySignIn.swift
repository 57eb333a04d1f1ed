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

/// A passkey sign-in: the session (exactly what a password sign-in returns) and the passkey used
/// (for an audit line "passkey used"); `counterRegressed` is the possible-clone warning
/// (GoTrue logs it and lets the sign-in through).
struct PasskeySignIn: Sendable {
    var session: IssuedSession
    var passkey: PasskeySummary
    var counterRegressed: Bool
}

extension PasskeyService {
    /// `POST /passkeys/authentication/options`: a sign-in challenge for anyone (no user yet:
    /// the passkey is discoverable and names its user in the assertion's user handle).
    func authenticationOptions() async throws(AuthError) -> PasskeyChallenge {
        try requireEnabled()
        let challenge = newChallenge(.authentication, userId: nil, now: clock.now())
        try await store.run(.statement) { try await $0.webAuthnChallenges.insert(challenge) }
        return PasskeyChallenge(
            id: challenge.id, expiresAt: challenge.expiresAt,
            options: PasskeyOptions.request(relyingParty: relyingParty, challenge: challenge.challenge))
    }

    /// `POST /passkeys/authentication/verify`: checks the assertion against the sign-in
    /// challenge and the stored passkey, then starts a session (amr `passkey`, aal1). Any unknown
    /// user, passkey or failed check is the one `400 webauthn_verification_failed` (never "not
    /// found": that would tell which passkeys exist). Then, as a password sign-in, an unconfirmed
    /// address (403 `email_not_confirmed`) or a ban (403 `user_banned`).
    func signIn(challengeId: String?, credential: AuthenticationCredential?, client: ClientInfo) async throws(AuthError) -> PasskeySignIn {
        try requireEnabled()
        let challengeUUID = try Self.challengeUUID(challengeId)
        guard let credential else { throw .validation("credential is required") }
        let now = clock.now()
        let expected = try await consumeChallenge(challengeUUID, type: .authentication, userId: nil, now: now)
        let userId: UUID
        do { userId = try AssertionVerifier.userID(of: credential) } catch { throw verificationFailed(error, ceremony: "sign-in") }
        let rawId = credential.rawId.flatMap(GatehouseWebAuthn.Base64URL.decode) ?? []
        let (user, stored) = try await store.run(.read) { work -> (UserRecord?, PasskeyRecord?) in
            guard let user = try await work.users.find(id: userId), user.deletedAt == nil else { return (nil, nil) }
            return (user, try await work.passkeys.find(credentialID: rawId, userId: userId))
        }
        guard var user, let stored else { throw verificationFailed(.unknownCredential, ceremony: "sign-in") }
        let verified: VerifiedAssertion
        do throws(WebAuthnError) {
            verified = try AssertionVerifier(relyingParty: relyingParty).verify(
                credential, expectedChallenge: expected,
                storedCredential: StoredCredential(
                    credentialID: stored.credentialID, publicKey: stored.publicKey, signCount: stored.signCount,
                    backupEligible: stored.backupEligible, userID: stored.userId))
        } catch {
            await auditRefusal(user, stored, reason: "webauthn_verification_failed", now: now)
            throw verificationFailed(error, ceremony: "sign-in")
        }
        guard user.isConfirmed else {
            await auditRefusal(user, stored, reason: "email_not_confirmed", now: now)
            throw AuthError(.emailNotConfirmed, kind: .forbidden)
        }
        if user.isBanned(at: now) {
            await auditRefusal(user, stored, reason: "user_banned", now: now)
            throw AuthError(.userBanned, kind: .forbidden)
        }
        if verified.signCountOutcome == .regressed {
            logger.warning(
                "Passkey sign counter did not advance: the authenticator may have been cloned",
                metadata: [
                    "passkey_id": "\(stored.id.lowercasedString)", "stored": "\(stored.signCount)",
                    "received": "\(verified.signCount)",
                ])
        }
        let signedIn = user
        let session = try await store.run(.transaction) { work in
            try await work.passkeys.recordUse(id: stored.id, signCount: verified.signCountToStore, at: now)
            try await work.users.recordSignIn(userId: signedIn.id, at: now)
            try await work.audit(.passkey(.login, stored, of: signedIn, extra: ["method": "passkey"]), at: now)
            let method = AuthenticationMethod(method: "passkey", timestamp: now.secondsSinceEpoch)
            return try await issuer.start(for: signedIn, methods: [method], client: client, now: now, in: work)
        }
        user.lastSignInAt = now
        user.updatedAt = now
        user.identity?.lastSignInAt = now
        var used = stored.summary
        used.lastUsedAt = now
        return PasskeySignIn(
            session: try await issuer.issue(user: user, session: session, now: now), passkey: used,
            counterRegressed: verified.signCountOutcome == .regressed)
    }

    /// The same with the credential as JSON text (a web form's hidden field).
    func signIn(challengeId: String?, credentialJSON: String, client: ClientInfo) async throws(AuthError) -> PasskeySignIn {
        try await signIn(challengeId: challengeId, credential: try Self.decodeCredential(credentialJSON), client: client)
    }
}
