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
import GatehouseWebAuthnTestSupport
import Testing

@testable import GatehouseWebAuthn

@Suite("Registration verifier")
struct RegistrationVerifierTests {
    let verifier = RegistrationVerifier(relyingParty: Fixture.relyingParty)

    func verify(_ credential: RegistrationCredential, challenge: [UInt8] = Fixture.challenge) throws(WebAuthnError) -> VerifiedRegistration
    {
        try verifier.verify(credential, expectedChallenge: challenge)
    }

    @Test("a passkey with attestation none registers, for each algorithm", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func happyNone(_ algorithm: COSEAlgorithm) throws {
        var authenticator = SoftwareAuthenticator(algorithm)
        authenticator.aaguid = Array(repeating: 0xad, count: 16)
        let flags: AuthenticatorFlags = [.userPresent, .userVerified, .backupEligible, .backedUp, .attestedCredentialData]
        let result = try verify(authenticator.register(RegistrationInput(flags: flags, signCount: 7)))
        #expect(result.credentialID == authenticator.credentialID)
        #expect(result.publicKey == authenticator.coseKey)
        #expect(result.algorithm == algorithm)
        #expect(result.signCount == 7)
        #expect(result.aaguid == UUID(uuidString: "ADADADAD-ADAD-ADAD-ADAD-ADADADADADAD"))
        #expect(result.backupEligible && result.backedUp && result.userVerified)
        #expect(result.attestationFormat == "none" && result.attestationType == .none)
        #expect(result.transports == ["internal", "hybrid"])
    }

    @Test("packed self attestation is verified, for each algorithm", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func packedSelf(_ algorithm: COSEAlgorithm) throws {
        let authenticator = SoftwareAuthenticator(algorithm)
        let result = try verify(authenticator.register(RegistrationInput(format: "packed")))
        #expect(result.attestationType == .selfAttestation)
        #expect(result.backupEligible == false && result.userVerified == false)
    }

    @Test("packed self attestation with a bad signature or another alg is refused")
    func packedSelfBad() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        let other = SoftwareAuthenticator(.es256)
        let foreignSignature = CBORValue.textMap([("alg", .int(-7)), ("sig", .bytes(other.sign([1, 2, 3])))])
        #expect(throws: WebAuthnError.invalidAttestationStatement("packed self-attestation signature does not verify")) {
            try verify(authenticator.register(RegistrationInput(format: "packed", statement: foreignSignature)))
        }
        let wrongAlg = CBORValue.textMap([("alg", .int(-8)), ("sig", .bytes([0]))])
        #expect(throws: WebAuthnError.invalidAttestationStatement("packed alg -8 differs from the key's")) {
            try verify(authenticator.register(RegistrationInput(format: "packed", statement: wrongAlg)))
        }
    }

    @Test("certificate formats are accepted as none by default and refused on request")
    func certificateFormats() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        let x5c = CBORValue.textMap([("alg", .int(-7)), ("sig", .bytes([1])), ("x5c", .array([.bytes([0x30])]))])
        let input = RegistrationInput(format: "packed", statement: x5c)
        #expect(try verify(authenticator.register(input)).attestationType == .unverifiedTreatedAsNone)
        let strict = RegistrationVerifier(
            relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], unverifiableAttestation: .refuse))
        #expect(throws: WebAuthnError.unsupportedAttestationFormat("packed")) {
            try strict.verify(authenticator.register(input), expectedChallenge: Fixture.challenge)
        }
        #expect(throws: WebAuthnError.unsupportedAttestationFormat("made-up")) {
            try verify(authenticator.register(RegistrationInput(format: "made-up", statement: .map([]))))
        }
        #expect(throws: WebAuthnError.invalidAttestationStatement("fmt none with a non-empty attStmt")) {
            try verify(authenticator.register(RegistrationInput(statement: .textMap([("sig", .bytes([1]))]))))
        }
    }

    @Test("each broken client data field is refused with its reason")
    func clientData() {
        let authenticator = SoftwareAuthenticator(.es256)
        #expect(throws: WebAuthnError.wrongCeremonyType(expected: "webauthn.create", received: "webauthn.get")) {
            try verify(authenticator.register(RegistrationInput(type: "webauthn.get")))
        }
        #expect(throws: WebAuthnError.challengeMismatch) {
            try verify(authenticator.register(RegistrationInput(challenge: Array(Fixture.challenge.reversed()))))
        }
        #expect(throws: WebAuthnError.challengeMismatch) {
            try verify(authenticator.register(RegistrationInput(challenge: Array(Fixture.challenge.prefix(31)))))
        }
        #expect(throws: WebAuthnError.originNotAllowed("https://evil.example")) {
            try verify(authenticator.register(RegistrationInput(origin: "https://evil.example")))
        }
        #expect(throws: WebAuthnError.originNotAllowed("http://example.com")) {
            try verify(authenticator.register(RegistrationInput(origin: "http://example.com")))
        }
        #expect(throws: WebAuthnError.crossOriginNotAllowed) {
            try verify(authenticator.register(RegistrationInput(crossOrigin: true, topOrigin: Fixture.origin)))
        }
    }

    @Test("origins match case-insensitively with default ports dropped; crossOrigin false and topOrigin pass")
    func originForms() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        for origin in ["https://EXAMPLE.com", "https://example.com:443", "HTTPS://login.example.com:8443"] {
            #expect(throws: Never.self) { try verify(authenticator.register(RegistrationInput(origin: origin))) }
        }
        #expect(throws: Never.self) {
            try verify(authenticator.register(RegistrationInput(crossOrigin: false, topOrigin: "https://elsewhere.example")))
        }
        let framed = RegistrationVerifier(relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], allowsCrossOrigin: true))
        #expect(throws: Never.self) {
            try framed.verify(
                authenticator.register(RegistrationInput(crossOrigin: true, topOrigin: Fixture.origin)),
                expectedChallenge: Fixture.challenge)
        }
        #expect(throws: WebAuthnError.originNotAllowed("https://elsewhere.example")) {
            try framed.verify(
                authenticator.register(RegistrationInput(crossOrigin: true, topOrigin: "https://elsewhere.example")),
                expectedChallenge: Fixture.challenge)
        }
    }

    @Test("authenticator data: RP ID hash, UP, UV when required, AT, backup flags")
    func authenticatorData() {
        let authenticator = SoftwareAuthenticator(.es256)
        #expect(throws: WebAuthnError.rpIDHashMismatch) { try verify(authenticator.register(RegistrationInput(rpID: "evil.example"))) }
        #expect(throws: WebAuthnError.userNotPresent) {
            try verify(authenticator.register(RegistrationInput(flags: [.userVerified, .attestedCredentialData])))
        }
        let strict = RegistrationVerifier(
            relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], requiresUserVerification: true))
        #expect(throws: WebAuthnError.userNotVerified) { try strict.verify(authenticator.register(), expectedChallenge: Fixture.challenge) }
        #expect(throws: Never.self) {
            try strict.verify(
                authenticator.register(RegistrationInput(flags: [.userPresent, .userVerified, .attestedCredentialData])),
                expectedChallenge: Fixture.challenge)
        }
        #expect(throws: WebAuthnError.attestedCredentialDataMissing) {
            try verify(authenticator.register(RegistrationInput(flags: [.userPresent])))
        }
        #expect(throws: WebAuthnError.backupStateWithoutEligibility) {
            try verify(authenticator.register(RegistrationInput(flags: [.userPresent, .backedUp, .attestedCredentialData])))
        }
    }

    @Test("extensions after the key are read when ED says so; other trailing bytes are refused")
    func extensions() throws {
        let authenticator = SoftwareAuthenticator(.eddsa)
        let extensions = CBORWriter.encode(.textMap([("credProtect", .int(2))]))
        let withED = RegistrationInput(flags: [.userPresent, .attestedCredentialData, .extensionData], authDataTail: extensions)
        #expect(try verify(authenticator.register(withED)).publicKey == authenticator.coseKey)
        #expect(throws: WebAuthnError.malformedAuthenticatorData("bytes after the data its flags announce")) {
            try verify(authenticator.register(RegistrationInput(authDataTail: extensions)))
        }
        #expect(throws: WebAuthnError.malformedAuthenticatorData("extensions are not a map")) {
            try verify(
                authenticator.register(
                    RegistrationInput(flags: [.userPresent, .attestedCredentialData, .extensionData], authDataTail: [0x01])))
        }
    }

    @Test("bad COSE keys and unadvertised algorithms are refused")
    func badKeys() {
        let authenticator = SoftwareAuthenticator(.es256)
        let mismatched = CBORWriter.encode(.intMap([(1, .int(2)), (3, .int(-8)), (-1, .int(1)), (-2, .bytes([])), (-3, .bytes([]))]))
        #expect(throws: WebAuthnError.invalidPublicKey(.algorithmKeyTypeMismatch(algorithm: -8, keyType: 2))) {
            try verify(authenticator.register(RegistrationInput(coseKey: mismatched)))
        }
        #expect(throws: WebAuthnError.invalidPublicKey(.malformedEncoding(.truncated(offset: 0)))) {
            try verify(authenticator.register(RegistrationInput(coseKey: [])))
        }
        let esOnly = RegistrationVerifier(relyingParty: RelyingParty(id: Fixture.rpID, origins: [Fixture.origin], algorithms: [.es256]))
        #expect(throws: WebAuthnError.algorithmNotAllowed(-8)) {
            try esOnly.verify(SoftwareAuthenticator(.eddsa).register(), expectedChallenge: Fixture.challenge)
        }
    }

    @Test("the credential JSON: id, rawId, type and base64url fields")
    func credentialJSON() throws {
        let authenticator = SoftwareAuthenticator(.es256)
        var credential = authenticator.register()
        credential.id = Base64URL.encode([9, 9, 9])
        #expect(throws: WebAuthnError.credentialIDMismatch) { try verify(credential) }
        credential = authenticator.register()
        credential.type = "password"
        #expect(throws: WebAuthnError.wrongCredentialType("password")) { try verify(credential) }
        credential = authenticator.register()
        credential.response?.clientDataJSON = "not base64url!"
        #expect(throws: WebAuthnError.malformedCredential(field: "response.clientDataJSON")) { try verify(credential) }
        credential = authenticator.register()
        credential.response = nil
        #expect(throws: WebAuthnError.malformedCredential(field: "response.clientDataJSON")) { try verify(credential) }
        // The authenticator data names another credential than rawId.
        #expect(throws: WebAuthnError.attestedCredentialIDMismatch) {
            try verify(authenticator.register(RegistrationInput(rawID: [1, 2, 3])))
        }
        // Padding is tolerated.
        credential = authenticator.register()
        credential.id = credential.id! + "=="
        #expect(throws: Never.self) { try verify(credential) }
    }

    @Test("W3C RegistrationResponseJSON decodes leniently, so a wrong field is a typed error")
    func decoding() throws {
        let json = #"{"id":5,"rawId":"AQID","type":"public-key","response":{"clientDataJSON":["x"]},"clientExtensionResults":{}}"#
        let credential = try JSONDecoder().decode(RegistrationCredential.self, from: Data(json.utf8))
        #expect(credential.id == nil && credential.rawId == "AQID" && credential.response?.clientDataJSON == nil)
        #expect(throws: WebAuthnError.malformedCredential(field: "id")) { try verify(credential) }
        #expect(WebAuthnError.malformedCredential(field: "id").errorCode == "webauthn_verification_failed")
    }
}
