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

import Crypto
import CryptoExtras
import Foundation
import GatehouseCore
import Logging

@testable import GatehouseServer

/// An ID-token issuer for tests: an RSA and a P-256 key, their JWKS, and tokens with any header
/// and claims, signed here (or not at all) so a test can make a token that fails one check only.
struct IDTokenTestIssuer: Sendable {
    static let shared = IDTokenTestIssuer()

    static let issuer = "https://issuer.test"
    static let jwksURL = "https://issuer.test/keys"
    static let clientId = "com.example.app"
    static let rsaKid = "rsa-1"
    static let ecKid = "ec-1"
    /// A fixed instant the tokens are issued at and checked against.
    static let now = Timestamp(microsecondsSinceEpoch: 1_800_000_000 * 1_000_000)

    let rsaKey: _RSA.Signing.PrivateKey
    let ecKey: P256.Signing.PrivateKey

    init() {
        // 2048 bits: the smallest size swift-crypto's RSA accepts for signatures.
        rsaKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
        ecKey = P256.Signing.PrivateKey()
    }

    /// A provider of kind `kind` whose keys are at `jwksURL`.
    static func provider(_ kind: IdentityProvider.Kind = .oidc, issuer: String = issuer, clientIds: [String] = [clientId])
        -> IdentityProvider
    {
        IdentityProvider(
            name: kind == .oidc ? "acme" : kind.rawValue, displayName: "Acme", kind: kind, clientIds: clientIds, clientSecret: nil,
            appleKey: nil, issuer: issuer, jwksURL: jwksURL, authorizationURL: nil, tokenURL: nil, scopes: ["openid"])
    }

    /// Claims a check passes: issued now by `issuer` for `clientId`, an hour to go.
    static func claims(_ changes: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        let seconds = Double(now.secondsSinceEpoch)
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "aud": .string(clientId), "sub": .string("subject-1"), "iat": .number(seconds),
            "exp": .number(seconds + 3600), "email": .string("person@example.com"), "email_verified": .bool(true),
        ]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    var rsaJWK: [String: JSONValue] {
        let key = try! rsaKey.publicKey.getKeyPrimitives()
        return [
            "kty": .string("RSA"), "kid": .string(Self.rsaKid), "use": .string("sig"), "alg": .string("RS256"),
            "n": .string(Base64URL.encode(key.modulus)),
            "e": .string(Base64URL.encode(key.publicExponent)),
        ]
    }

    var ecJWK: [String: JSONValue] {
        let raw = ecKey.publicKey.rawRepresentation
        return [
            "kty": .string("EC"), "kid": .string(Self.ecKid), "crv": .string("P-256"), "x": .string(Base64URL.encode(raw.prefix(32))),
            "y": .string(Base64URL.encode(raw.suffix(32))),
        ]
    }

    /// The JWKS document: both keys unless told otherwise.
    func jwks(_ keys: [[String: JSONValue]]? = nil) -> Data {
        let keys = keys ?? [rsaJWK, ecJWK]
        return try! JSONEncoder().encode(JSONValue.object(["keys": .array(keys.map(JSONValue.object))]))
    }

    enum Signature {
        case rsa
        case ec
        /// HMAC-SHA256 keyed with the RSA public key's PEM: the classic algorithm-confusion attack.
        case hmacWithPublicKey
        /// The signature part left empty (`alg: none`).
        case none
        /// Signed by another RSA key than the published one.
        case otherRSAKey
    }

    /// A compact JWS of `claims` with `header` (alg and kid as given), signed as `signature` says.
    func token(
        _ claims: [String: JSONValue] = claims(), alg: String = "RS256", kid: String? = rsaKid, signature: Signature = .rsa
    ) -> String {
        var header: [String: JSONValue] = ["alg": .string(alg), "typ": .string("JWT")]
        if let kid { header["kid"] = .string(kid) }
        let input = Self.part(.object(header)) + "." + Self.part(.object(claims))
        let data = Data(input.utf8)
        let signed: Data
        switch signature {
        case .rsa: signed = try! rsaKey.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        case .ec: signed = try! ecKey.signature(for: data).rawRepresentation
        case .hmacWithPublicKey:
            let secret = SymmetricKey(data: Data(rsaKey.publicKey.pemRepresentation.utf8))
            signed = Data(HMAC<SHA256>.authenticationCode(for: data, using: secret))
        case .none: signed = Data()
        case .otherRSAKey:
            signed = try! _RSA.Signing.PrivateKey(keySize: .bits2048).signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        }
        return input + "." + Base64URL.encode(signed)
    }

    static func part(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Base64URL.encode(try! encoder.encode(value))
    }
}

/// Documents by URL, counted, without a network; a URL not held fails as an unreachable host.
final class FakeProviderDocuments: ProviderDocumentFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: FetchedDocument] = [:]
    private var counts: [String: Int] = [:]
    /// How long each fetch takes (to let callers pile up on one).
    var delay: Duration = .zero

    struct Unreachable: Error {}

    init(_ documents: [String: FetchedDocument] = [:]) {
        self.documents = documents
    }

    func set(_ url: String, _ body: Data?, maxAge: Int? = nil) {
        lock.withLock { documents[url] = body.map { FetchedDocument(body: $0, maxAge: maxAge) } }
    }

    func fetches(_ url: String) -> Int { lock.withLock { counts[url, default: 0] } }

    func fetch(_ url: String) async throws -> FetchedDocument {
        let (document, delay) = lock.withLock {
            counts[url, default: 0] += 1
            return (documents[url], self.delay)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        guard let document else { throw Unreachable() }
        return document
    }
}

/// A continuous clock a test moves by hand.
final class ManualInstant: @unchecked Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset: Duration = .zero

    func advance(_ duration: Duration) { lock.withLock { offset += duration } }
    var now: @Sendable () -> ContinuousClock.Instant { { [self] in lock.withLock { start + offset } } }
}

extension IDTokenTestIssuer {
    /// A verifier over `documents`, its caches on `clock`.
    static func verifier(_ documents: FakeProviderDocuments, clock: ManualInstant = ManualInstant()) -> OIDCTokenVerifier {
        OIDCTokenVerifier(
            discovery: ProviderDiscovery(fetcher: documents, now: clock.now), fetcher: documents, logger: Logger(label: "test.oidc"),
            now: clock.now)
    }

    /// The issuer's JWKS at `jwksURL`, nothing else.
    static func documents() -> FakeProviderDocuments {
        FakeProviderDocuments([jwksURL: FetchedDocument(body: shared.jwks(), maxAge: nil)])
    }

    /// What a fresh verifier makes of `token`.
    static func outcome(
        _ token: String, provider: IdentityProvider = provider(), nonce: String? = nil, verifier: OIDCTokenVerifier? = nil
    ) async -> Result<VerifiedIdentity, AuthError> {
        let verifier = verifier ?? Self.verifier(documents())
        do throws(AuthError) {
            return .success(try await verifier.verify(idToken: token, from: provider, nonce: nonce, now: now))
        } catch {
            return .failure(error)
        }
    }

    /// The refusal's message, or nil when the token was accepted.
    static func refusal(
        _ token: String, provider: IdentityProvider = provider(), nonce: String? = nil, verifier: OIDCTokenVerifier? = nil
    ) async -> AuthError? {
        if case .failure(let error) = await outcome(token, provider: provider, nonce: nonce, verifier: verifier) { return error }
        return nil
    }
}
