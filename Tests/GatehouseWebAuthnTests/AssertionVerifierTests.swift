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
import Testing

@testable import GatehouseWebAuthn

@Suite("Assertion verifier")
struct AssertionVerifierTests {
    let verifier = AssertionVerifier(relyingParty: Fixture.relyingParty)

    func verify(
        _ credential: AuthenticationCredential, _ authenticator: SoftwareAuthenticator, storedCount: UInt32 = 0,
        backupEligible: Bool = false, verifier custom: AssertionVerifier? = nil
    ) throws(WebAuthnError) -> VerifiedAssertion {
        let stored = authenticator.storedCredential(signCount: storedCount, backupEligible: backupEligible)
        return try (custom ?? verifier).verify(credential, expectedChallenge: Fixture.challenge, storedCredential: stored)
    }

    @Test("a passkey signs in, for each algorithm", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func happy(_ algorithm: COSEAlgorithm) throws {
        let authenticator = SoftwareAuthenticator(algorithm)
        let credential = authenticator.assertion(AssertionInput(flags: [.userPresent, .userVerified], signCount: 12))
        #expect(try AssertionVerifier.userID(of: credential) == authenticator.userID)
        let result = try verify(credential, authenticator, storedCount: 11)
        #expect(result.credentialID == authenticator.credentialID)
        #expect(result.userID == authenticator.userID)
        #expect(result.signCount == 12 && result.signCountToStore == 12 && result.signCountOutcome == .advanced)
        #expect(result.userVerified && !result.backupEligible && !result.backedUp)
    }

    @Test("a registered key signs in: the two verifiers agree on the stored COSE bytes")
    func registerThenSignIn() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        let registration = try RegistrationVerifier(relyingParty: Fixture.relyingParty)
            .verify(authenticator.register(), expectedChallenge: Fixture.challenge)
        let stored = StoredCredential(
            credentialID: registration.credentialID, publicKey: registration.publicKey, signCount: registration.signCount,
            backupEligible: registration.backupEligible, userID: authenticator.userID)
        #expect(throws: Never.self) {
            try verifier.verify(authenticator.assertion(), expectedChallenge: Fixture.challenge, storedCredential: stored)
        }
    }

    @Test("the counter: both zero, regression noted by default, refused on request")
    func counter() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        let zero = try verify(authenticator.assertion(), authenticator)
        #expect(zero.signCountOutcome == .notSupported && zero.signCountToStore == 0)
        for received: UInt32 in [4, 5, 0] {
            let regressed = try verify(authenticator.assertion(AssertionInput(signCount: received)), authenticator, storedCount: 5)
            #expect(regressed.signCountOutcome == .regressed)
            #expect(regressed.signCountToStore == 5)
        }
        let strict = AssertionVerifier(
            relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], refusesCounterRegression: true))
        #expect(throws: WebAuthnError.signCountRegressed(stored: 5, received: 4)) {
            try verify(authenticator.assertion(AssertionInput(signCount: 4)), authenticator, storedCount: 5, verifier: strict)
        }
        #expect(throws: Never.self) {
            try verify(authenticator.assertion(AssertionInput(signCount: 6)), authenticator, storedCount: 5, verifier: strict)
        }
    }

    @Test("tampered signatures, authenticator data and client data are refused", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func tampered(_ algorithm: COSEAlgorithm) throws {
        let authenticator = SoftwareAuthenticator(algorithm)
        #expect(throws: WebAuthnError.invalidSignature) {
            try verify(authenticator.assertion(AssertionInput(tamperSignature: true)), authenticator)
        }
        // Signed with UP only, then UV set after signing (what a man in the middle would try).
        var credential = authenticator.assertion()
        var authData = Base64URL.decode(credential.response!.authenticatorData!)!
        authData[32] |= AuthenticatorFlags.userVerified.rawValue
        credential.response!.authenticatorData = Base64URL.encode(authData)
        #expect(throws: WebAuthnError.invalidSignature) { try verify(credential, authenticator) }
        // Another key's signature.
        let other = SoftwareAuthenticator(algorithm == .rs256 ? .es256 : algorithm)
        var foreign = authenticator.assertion()
        foreign.response!.signature = other.assertion().response!.signature
        #expect(throws: WebAuthnError.invalidSignature) { try verify(foreign, authenticator) }
    }

    @Test("each broken client data field is refused")
    func clientData() {
        let authenticator = SoftwareAuthenticator(.es256)
        #expect(throws: WebAuthnError.wrongCeremonyType(expected: "webauthn.get", received: "webauthn.create")) {
            try verify(authenticator.assertion(AssertionInput(type: "webauthn.create")), authenticator)
        }
        #expect(throws: WebAuthnError.challengeMismatch) {
            try verify(authenticator.assertion(AssertionInput(challenge: [UInt8](repeating: 0, count: 32))), authenticator)
        }
        #expect(throws: WebAuthnError.originNotAllowed("https://example.com.evil.example")) {
            try verify(authenticator.assertion(AssertionInput(origin: "https://example.com.evil.example")), authenticator)
        }
        var credential = authenticator.assertion()
        credential.response!.clientDataJSON = Base64URL.encode(Array(#"{"type":"webauthn.get"}"#.utf8))
        #expect(throws: WebAuthnError.malformedClientData) { try verify(credential, authenticator) }
    }

    @Test("authenticator data: RP ID hash, UP, UV when required, backup flags against the stored BE")
    func authenticatorData() throws {
        let authenticator = SoftwareAuthenticator(.eddsa)
        #expect(throws: WebAuthnError.rpIDHashMismatch) {
            try verify(authenticator.assertion(AssertionInput(rpID: "example.org")), authenticator)
        }
        #expect(throws: WebAuthnError.userNotPresent) {
            try verify(authenticator.assertion(AssertionInput(flags: [.userVerified])), authenticator)
        }
        let strict = AssertionVerifier(
            relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], requiresUserVerification: true))
        #expect(throws: WebAuthnError.userNotVerified) { try verify(authenticator.assertion(), authenticator, verifier: strict) }
        #expect(throws: WebAuthnError.backupEligibilityChanged) {
            try verify(authenticator.assertion(AssertionInput(flags: [.userPresent, .backupEligible])), authenticator)
        }
        #expect(throws: WebAuthnError.backupEligibilityChanged) {
            try verify(authenticator.assertion(), authenticator, backupEligible: true)
        }
        #expect(throws: WebAuthnError.backupStateWithoutEligibility) {
            try verify(authenticator.assertion(AssertionInput(flags: [.userPresent, .backedUp])), authenticator)
        }
        // BS may change between sign-ins while BE stays.
        let synced = AssertionInput(flags: [.userPresent, .backupEligible, .backedUp])
        #expect(try verify(authenticator.assertion(synced), authenticator, backupEligible: true).backedUp)
        #expect(throws: WebAuthnError.malformedAuthenticatorData("shorter than 37 bytes")) {
            var short = authenticator.assertion()
            short.response!.authenticatorData = Base64URL.encode([UInt8](repeating: 0, count: 36))
            return try verify(short, authenticator)
        }
    }

    @Test("the user handle must be the stored user's UUID string, and rawId the stored credential")
    func userHandleAndCredential() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        let upper = Base64URL.encode(Array(authenticator.userID.uuidString.uppercased().utf8))
        #expect(throws: Never.self) { try verify(authenticator.assertion(AssertionInput(userHandle: upper)), authenticator) }
        let rawUUIDBytes = withUnsafeBytes(of: authenticator.userID.uuid) { Base64URL.encode(Array($0)) }
        for handle in ["", rawUUIDBytes, Base64URL.encode(Array("not-a-uuid-but-thirty-six-bytes-long".utf8)), "%%%"] {
            #expect(throws: WebAuthnError.invalidUserHandle) {
                try verify(authenticator.assertion(AssertionInput(userHandle: handle)), authenticator)
            }
        }
        var missing = authenticator.assertion()
        missing.response!.userHandle = nil
        #expect(throws: WebAuthnError.invalidUserHandle) { try AssertionVerifier.userID(of: missing) }
        let otherUser = Base64URL.encode(Array(UUID().uuidString.utf8))
        #expect(throws: WebAuthnError.invalidUserHandle) {
            try verify(authenticator.assertion(AssertionInput(userHandle: otherUser)), authenticator)
        }
        #expect(throws: WebAuthnError.unknownCredential) {
            try verify(authenticator.assertion(AssertionInput(rawID: [7, 7, 7])), authenticator)
        }
    }

    @Test("a corrupt stored key is a typed error, not a crash")
    func badStoredKey() {
        let authenticator = SoftwareAuthenticator(.es256)
        var stored = authenticator.storedCredential()
        stored.publicKey = Array(stored.publicKey.dropLast())
        #expect(throws: WebAuthnError.self) {
            try verifier.verify(authenticator.assertion(), expectedChallenge: Fixture.challenge, storedCredential: stored)
        }
    }
}
