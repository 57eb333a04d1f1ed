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

/// One vector made outside Swift: python `cryptography` keys and signatures and a CBOR encoder
/// written in Python (Vectors/make_python_vector.py, run with /work/main/.venv's python), so that
/// an error shared by the Swift software authenticator and the verifiers cannot hide.
@Suite("Cross-check with python cryptography")
struct CrossCheckTests {
    static let registrationJSON =
        #"{"id":"3UiWpfRCC2xU7hfliavYweMXdpFsM3LdinxxBAUZpXY","rawId":"3UiWpfRCC2xU7hfliavYweMXdpFsM3LdinxxBAUZpXY","type":"public-key","response":{"clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiQUFFQ0F3UUZCZ2NJQ1FvTERBME9EeEFSRWhNVUZSWVhHQmthR3h3ZEhoOCIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9","attestationObject":"o2NmbXRmcGFja2VkZ2F0dFN0bXSiY2FsZyZjc2lnWEYwRAIgVCTr_Ve0WCVGFKhhIKajBK-tmPWzcpdKJ6aUAvXiKEkCIA0gwE1rj4VuLPFaOxdz-1iuFJesPds1O5NjAo2igg7naGF1dGhEYXRhWKSjeab27q-5pV43jBGANOJ1Hmgvq58tMKsT0hJVhs4ZR10AAAAA6puNZk0BHSE85La0jLV11AAg3UiWpfRCC2xU7hfliavYweMXdpFsM3LdinxxBAUZpXalAQIDJiABIVggby47aIjIPSF2Ytlk21DExHNgMbQfTLM_AcqgWaDVrSUiWCBAhqio7KWGRtT8IoOvclRhKoJO4MP6zPcMux-bT80g5A","transports":["hybrid","internal"]},"clientExtensionResults":{},"authenticatorAttachment":"platform"}"#
    static let assertionJSON =
        #"{"id":"3UiWpfRCC2xU7hfliavYweMXdpFsM3LdinxxBAUZpXY","rawId":"3UiWpfRCC2xU7hfliavYweMXdpFsM3LdinxxBAUZpXY","type":"public-key","response":{"clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiSHg0ZEhCc2FHUmdYRmhVVUV4SVJFQThPRFF3TENna0lCd1lGQkFNQ0FRQSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20ifQ","authenticatorData":"o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcdAAAAAA","signature":"MEUCIQDd_zTt-ISxnJ5gH_tEmLskwJwNy9YYAd_oIK2q1CJrVQIgUfnU1hnj19J55oZ8QkMJ_8nOhpwIMgC8Yx87bpBgC58","userHandle":"N2IxYzNjNTUtMGQwZS00YzVmLTlhMzktMWYwZjRmMWQyYTZi"},"clientExtensionResults":{}}"#
    static let coseKey = hex(
        "a50102032620012158206f2e3b6888c83d217662d964db50c4c4736031b41f4cb33f01caa059a0d5ad252258204086a8a8eca58646d4fc2283af7254612a824ee0c3faccf70cbb1f9b4fcd20e4"
    )
    static let userID = UUID(uuidString: "7b1c3c55-0d0e-4c5f-9a39-1f0f4f1d2a6b")!

    @Test("a Python-made ES256 registration (packed self attestation) and assertion verify")
    func pythonVector() throws {
        let registration = try JSONDecoder().decode(RegistrationCredential.self, from: Data(Self.registrationJSON.utf8))
        let registered = try RegistrationVerifier(relyingParty: Fixture.relyingParty)
            .verify(registration, expectedChallenge: Array(0..<32))
        #expect(registered.publicKey == Self.coseKey)
        #expect(registered.attestationType == .selfAttestation)
        #expect(registered.aaguid == UUID(uuidString: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"))
        #expect(registered.backupEligible && registered.backedUp && registered.userVerified)
        #expect(registered.transports == ["hybrid", "internal"])

        let assertion = try JSONDecoder().decode(AuthenticationCredential.self, from: Data(Self.assertionJSON.utf8))
        #expect(try AssertionVerifier.userID(of: assertion) == Self.userID)
        let stored = StoredCredential(
            credentialID: registered.credentialID, publicKey: registered.publicKey, signCount: registered.signCount,
            backupEligible: registered.backupEligible, userID: Self.userID)
        let verified = try AssertionVerifier(relyingParty: Fixture.relyingParty)
            .verify(assertion, expectedChallenge: Array((0..<32).reversed()), storedCredential: stored)
        #expect(verified.signCountOutcome == .notSupported && verified.backedUp)
        // The same assertion against the registration's challenge is refused.
        #expect(throws: WebAuthnError.challengeMismatch) {
            try AssertionVerifier(relyingParty: Fixture.relyingParty).verify(
                assertion, expectedChallenge: Array(0..<32), storedCredential: stored)
        }
    }
}
