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
import Testing

@testable import GatehouseServer

/// The signature side of an ID token: which key, which algorithm, and what happens when the key
/// is unknown or the issuer cannot be reached. Each refused token differs from an accepted one in
/// that one respect.
@Suite("ID token verifier: keys and signatures")
struct IDTokenVerifierTests {
    typealias Issuer = IDTokenTestIssuer
    static let issuer = IDTokenTestIssuer.shared

    static func expectRefused(_ error: AuthError?, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error?.code == .badIDToken, sourceLocation: sourceLocation)
        #expect(error?.kind == .invalidRequest, sourceLocation: sourceLocation)
        #expect(error?.detail?.hasPrefix("Bad ID token: ") == true, sourceLocation: sourceLocation)
        #expect(error?.detail?.contains(reason) == true, "\(String(describing: error?.detail))", sourceLocation: sourceLocation)
    }

    @Test("an RS256 token and an ES256 token by the published keys verify, and say who the person is")
    func accepted() async throws {
        let rsa = try await Issuer.outcome(Self.issuer.token()).get()
        #expect(rsa.provider == "acme" && rsa.subject == "subject-1")
        #expect(rsa.email == "person@example.com" && rsa.emailVerified && !rsa.isPrivateEmail)
        #expect(rsa.claims["iss"] == .string(Issuer.issuer) && rsa.claims["sub"] == .string("subject-1"))
        let ec = try await Issuer.outcome(Self.issuer.token(alg: "ES256", kid: Issuer.ecKid, signature: .ec)).get()
        #expect(ec.subject == "subject-1")
    }

    @Test("a token without a kid is checked against the keys of its algorithm")
    func noKid() async throws {
        #expect(try await Issuer.outcome(Self.issuer.token(kid: nil)).get().subject == "subject-1")
        #expect(try await Issuer.outcome(Self.issuer.token(alg: "ES256", kid: nil, signature: .ec)).get().subject == "subject-1")
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(kid: nil, signature: .otherRSAKey)), "signature does not verify")
    }

    @Test("a signature by another key, or over other claims, does not verify")
    func signature() async {
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(signature: .otherRSAKey)), "signature does not verify")
        // A valid token's signature over a payload someone changed.
        let parts = Self.issuer.token().split(separator: ".")
        let changed = Issuer.part(.object(Issuer.claims(["sub": .string("someone-else")])))
        Self.expectRefused(await Issuer.refusal("\(parts[0]).\(changed).\(parts[2])"), "signature does not verify")
        Self.expectRefused(await Issuer.refusal("\(parts[0]).\(parts[1])."), "signature does not verify")
    }

    @Test("alg none is refused, with or without a signature")
    func algNone() async {
        for alg in ["none", "None", "NONE"] {
            Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: alg, signature: .none)), "algorithm is not RS256 or ES256")
        }
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "none", kid: nil, signature: .none)), "not RS256 or ES256")
    }

    @Test("HS256 signed with the issuer's public key as the secret is refused")
    func hmacWithThePublicKey() async {
        let token = Self.issuer.token(alg: "HS256", signature: .hmacWithPublicKey)
        Self.expectRefused(await Issuer.refusal(token), "algorithm is not RS256 or ES256")
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "HS256", kid: nil, signature: .hmacWithPublicKey)), "RS256 or ES256")
    }

    @Test("an algorithm that is not the key's is refused: ES256 naming the RSA key, RS256 naming the EC key, RS384, PS256")
    func wrongAlgorithm() async {
        let mismatch = "not the one of the provider's key"
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "ES256", kid: Issuer.rsaKid, signature: .ec)), mismatch)
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "RS256", kid: Issuer.ecKid, signature: .rsa)), mismatch)
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "RS384")), "not RS256 or ES256")
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(alg: "PS256")), "not RS256 or ES256")
        // The key says RS256 itself: a key published for another algorithm is not used for this one.
        var rs384Key = Self.issuer.rsaJWK
        rs384Key["alg"] = .string("RS384")
        let documents = FakeProviderDocuments()
        documents.set(Issuer.jwksURL, Self.issuer.jwks([rs384Key]))
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(), verifier: Issuer.verifier(documents)), mismatch)
        // An encryption key is no signing key.
        var encryptionKey = Self.issuer.rsaJWK
        encryptionKey["use"] = .string("enc")
        documents.set(Issuer.jwksURL, Self.issuer.jwks([encryptionKey]))
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(), verifier: Issuer.verifier(documents)), mismatch)
    }

    @Test("an unknown kid makes one refetch of the keys, then fails; another soon after makes none")
    func unknownKid() async {
        let documents = Issuer.documents()
        let clock = ManualInstant()
        let verifier = Issuer.verifier(documents, clock: clock)
        #expect(await Issuer.refusal(Self.issuer.token(), verifier: verifier) == nil)
        #expect(documents.fetches(Issuer.jwksURL) == 1)
        clock.advance(.seconds(31))
        let unknown = Self.issuer.token(kid: "made-up")
        Self.expectRefused(await Issuer.refusal(unknown, verifier: verifier), "a key the provider does not publish")
        #expect(documents.fetches(Issuer.jwksURL) == 2)
        for index in 0..<20 {
            Self.expectRefused(await Issuer.refusal(Self.issuer.token(kid: "made-up-\(index)"), verifier: verifier), "does not publish")
        }
        #expect(documents.fetches(Issuer.jwksURL) == 2, "random kids sent us to the issuer")
        #expect(await Issuer.refusal(Self.issuer.token(), verifier: verifier) == nil, "the known key still works")
    }

    @Test("a key the issuer rotated in is found by the refetch")
    func rotatedKey() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Issuer.jwksURL, Self.issuer.jwks([Self.issuer.ecJWK]))
        let clock = ManualInstant()
        let verifier = Issuer.verifier(documents, clock: clock)
        #expect(await Issuer.refusal(Self.issuer.token(alg: "ES256", kid: Issuer.ecKid, signature: .ec), verifier: verifier) == nil)
        documents.set(Issuer.jwksURL, Self.issuer.jwks())
        clock.advance(.seconds(31))
        #expect(try await Issuer.outcome(Self.issuer.token(), verifier: verifier).get().subject == "subject-1")
        #expect(documents.fetches(Issuer.jwksURL) == 2)
    }

    @Test("an issuer that cannot be reached is `unavailable`, naming the provider and no URL")
    func unreachable() async {
        let error = await Issuer.refusal(Self.issuer.token(), verifier: Issuer.verifier(FakeProviderDocuments()))
        #expect(error?.kind == .unavailable && error?.code != .badIDToken)
        #expect(error?.detail?.contains("Acme") == true, "\(String(describing: error))")
        #expect(error?.detail?.contains("issuer.test") != true)
        // Keys that are not a JWKS are the issuer's failure too, not the caller's.
        let documents = FakeProviderDocuments()
        documents.set(Issuer.jwksURL, Data("<html>maintenance</html>".utf8))
        #expect(await Issuer.refusal(Self.issuer.token(), verifier: Issuer.verifier(documents))?.kind == .unavailable)
    }

    @Test("a token with no subject is refused")
    func missingSubject() async {
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(Issuer.claims(["sub": nil]))), "no subject (sub)")
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(Issuer.claims(["sub": .string("")]))), "no subject (sub)")
        Self.expectRefused(await Issuer.refusal(Self.issuer.token(Issuer.claims(["sub": .number(42)]))), "no subject (sub)")
    }

    @Test("what is not a compact JWS is refused before any key is fetched, and no refusal repeats the token")
    func malformed() async {
        let documents = Issuer.documents()
        let verifier = Issuer.verifier(documents)
        let valid = Self.issuer.token()
        for token in [
            "", "abc", "a.b", valid + ".extra", "!!!." + valid.split(separator: ".").dropFirst().joined(separator: "."),
            String(repeating: "a", count: IDTokenHeader.maximumLength + 1),
        ] {
            let error = await Issuer.refusal(token, verifier: verifier)
            #expect(error?.code == .badIDToken, "\(token.prefix(40))")
            if !token.isEmpty { #expect(error?.detail?.contains(token.prefix(12)) != true) }
        }
        #expect(documents.fetches(Issuer.jwksURL) == 0)
        let critical = Issuer.part(.object(["alg": .string("RS256"), "kid": .string(Issuer.rsaKid), "crit": .array([.string("exp")])]))
        let parts = valid.split(separator: ".")
        Self.expectRefused(await Issuer.refusal("\(critical).\(parts[1]).\(parts[2])", verifier: verifier), "critical header")
    }
}
