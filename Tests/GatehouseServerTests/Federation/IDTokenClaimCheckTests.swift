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

/// The claims of a correctly signed ID token: issuer, audience, times, nonce. Each refused token
/// is signed by the published key and differs from an accepted one in one claim only.
@Suite("ID token verifier: claims")
struct IDTokenClaimCheckTests {
    typealias Issuer = IDTokenTestIssuer
    static let issuer = IDTokenTestIssuer.shared
    static let seconds = Double(Issuer.now.secondsSinceEpoch)

    static func refusal(
        _ changes: [String: JSONValue?], provider: IdentityProvider = Issuer.provider(), nonce: String? = nil
    ) async -> AuthError? {
        await Issuer.refusal(issuer.token(Issuer.claims(changes)), provider: provider, nonce: nonce)
    }

    static func expectRefused(_ error: AuthError?, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        IDTokenVerifierTests.expectRefused(error, reason, sourceLocation: sourceLocation)
    }

    @Test("the issuer must be the configured one")
    func issuer() async {
        #expect(await Self.refusal([:]) == nil)
        Self.expectRefused(await Self.refusal(["iss": .string("https://evil.test")]), "another issuer (iss)")
        Self.expectRefused(await Self.refusal(["iss": .string(Issuer.issuer + "/")]), "another issuer (iss)")
        Self.expectRefused(await Self.refusal(["iss": nil]), "no issuer (iss)")
    }

    @Test("Google's tokens may name its issuer without the scheme; no other provider's may")
    func googleIssuerWithoutScheme() async {
        let google = Issuer.provider(.google, issuer: "https://accounts.google.com")
        #expect(await Self.refusal(["iss": .string("https://accounts.google.com")], provider: google) == nil)
        #expect(await Self.refusal(["iss": .string("accounts.google.com")], provider: google) == nil)
        Self.expectRefused(await Self.refusal(["iss": .string("evil.test")], provider: google), "another issuer")
        let acme = Issuer.provider(.oidc, issuer: "https://accounts.google.com")
        Self.expectRefused(await Self.refusal(["iss": .string("accounts.google.com")], provider: acme), "another issuer")
    }

    @Test("the audience, one or several, must include one of the provider's client ids")
    func audience() async {
        let twoClients = Issuer.provider(clientIds: ["com.example.web", Issuer.clientId])
        #expect(await Self.refusal(["aud": .array([.string("other"), .string(Issuer.clientId)])]) == nil)
        #expect(await Self.refusal([:], provider: twoClients) == nil)
        #expect(await Self.refusal(["aud": .string("com.example.web")], provider: twoClients) == nil)
        Self.expectRefused(await Self.refusal(["aud": .string("com.other.app")]), "meant for another client (aud")
        Self.expectRefused(await Self.refusal(["aud": .array([.string("com.other.app")])]), "meant for another client")
        Self.expectRefused(await Self.refusal(["aud": .array([])]), "meant for another client")
        Self.expectRefused(await Self.refusal(["aud": nil]), "no audience (aud)")
        Self.expectRefused(await Self.refusal(["aud": .number(1)]), "no audience (aud)")
    }

    @Test("an expired token is refused once the 60 s leeway is spent")
    func expiry() async {
        #expect(await Self.refusal(["exp": .number(Self.seconds - 59)]) == nil)
        Self.expectRefused(await Self.refusal(["exp": .number(Self.seconds - 61)]), "expired (exp)")
        Self.expectRefused(await Self.refusal(["exp": .number(Self.seconds - 86_400)]), "expired (exp)")
        Self.expectRefused(await Self.refusal(["exp": nil]), "no expiry (exp)")
        Self.expectRefused(await Self.refusal(["exp": .string("tomorrow")]), "no expiry (exp)")
    }

    @Test("a token issued in the future beyond the leeway is refused")
    func issuedAt() async {
        #expect(await Self.refusal(["iat": .number(Self.seconds + 59)]) == nil)
        Self.expectRefused(await Self.refusal(["iat": .number(Self.seconds + 61)]), "issued in the future (iat)")
        Self.expectRefused(await Self.refusal(["iat": nil]), "no issue time (iat)")
        #expect(await Self.refusal(["nbf": .number(Self.seconds + 30)]) == nil)
        Self.expectRefused(await Self.refusal(["nbf": .number(Self.seconds + 120)]), "not valid yet (nbf)")
    }

    @Test("nonce: the token carries SHA-256 of the raw nonce in lowercase hex; one side alone is refused")
    func nonce() async {
        let raw = "a-raw-nonce-0123456789"
        let hashed = IDTokenClaimChecks.hashedNonce(raw)
        #expect(hashed == hashed.lowercased() && hashed.count == 64)
        #expect(await Self.refusal(["nonce": .string(hashed)], nonce: raw) == nil)
        #expect(await Self.refusal([:], nonce: nil) == nil)
        #expect(await Self.refusal([:], nonce: "") == nil, "an empty nonce is none")
        Self.expectRefused(await Self.refusal(["nonce": .string(hashed)], nonce: nil), "in both the token and the request, or in neither")
        Self.expectRefused(await Self.refusal([:], nonce: raw), "in both the token and the request, or in neither")
        Self.expectRefused(await Self.refusal(["nonce": .string(raw)], nonce: raw), "not the hash of the nonce given")
        Self.expectRefused(await Self.refusal(["nonce": .string(hashed.uppercased())], nonce: raw), "not the hash")
        Self.expectRefused(await Self.refusal(["nonce": .string(hashed)], nonce: raw + "x"), "not the hash")
    }

    @Test("SHA-256 of a known nonce, as Apple's and Supabase's clients compute it")
    func knownNonceHash() {
        #expect(IDTokenClaimChecks.hashedNonce("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("Apple's email_verified and is_private_email arrive as strings or booleans")
    func appleStringBooleans() async throws {
        let apple = Issuer.provider(.apple, issuer: Issuer.issuer)
        for (verified, isPrivate, expected) in [
            (JSONValue.string("true"), JSONValue.string("true"), (true, true)),
            (.string("false"), .string("false"), (false, false)),
            (.bool(true), .bool(false), (true, false)),
            (.string("yes"), .null, (false, false)),
        ] {
            let token = Self.issuer.token(Issuer.claims(["email_verified": verified, "is_private_email": isPrivate]))
            let identity = try await Issuer.outcome(token, provider: apple).get()
            #expect(identity.emailVerified == expected.0 && identity.isPrivateEmail == expected.1, "\(verified) \(isPrivate)")
            #expect(identity.provider == "apple")
        }
        let noEmail = try await Issuer.outcome(Self.issuer.token(Issuer.claims(["email": nil, "email_verified": nil]))).get()
        #expect(noEmail.email == nil && !noEmail.emailVerified)
    }

    @Test("the identity keeps every claim, and the name and picture when given")
    func identityClaims() async throws {
        let token = Self.issuer.token(
            Issuer.claims(["name": .string("Ada Lovelace"), "picture": .string("https://example.com/a.png"), "hd": .string("example.com")]))
        let identity = try await Issuer.outcome(token).get()
        #expect(identity.name == "Ada Lovelace" && identity.picture == "https://example.com/a.png")
        #expect(identity.claims["hd"] == .string("example.com") && identity.claims["exp"] == .number(Self.seconds + 3600))
    }

    @Test("a refusal never repeats a claim's value")
    func refusalsNameNoValues() async {
        let marker = "leaky-value-7f3a"
        for changes: [String: JSONValue?] in [
            ["iss": .string(marker)], ["aud": .string(marker)], ["nonce": .string(marker)], ["sub": .string("")],
        ] {
            let error = await Self.refusal(changes, nonce: changes["nonce"] == nil ? nil : "raw")
            #expect(error != nil && error?.detail?.contains(marker) != true, "\(String(describing: error))")
        }
    }
}
