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
import Foundation
import GatehouseCore
import JWTKit
import Testing

@testable import GatehouseServer

/// The client secret Apple's web flow takes: an ES256 JWT by the team's key, checked here with
/// the key's public half by jwt-kit, as Apple checks it.
@Suite("Apple client secret")
struct AppleClientSecretTests {
    struct SecretClaims: JWTPayload {
        var iss: IssuerClaim
        var sub: SubjectClaim
        var aud: AudienceClaim
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        func verify(using algorithm: some JWTAlgorithm) async throws { try exp.verifyNotExpired() }
    }

    static let signingKey = P256.Signing.PrivateKey()
    static let key = AppleClientSecretKey(teamId: "TEAM123456", keyId: "KEY9876543", privateKeyPEM: Secret(signingKey.pemRepresentation))

    @Test("the secret is an ES256 JWT by the key: iss team id, sub client id, aud Apple, kid key id, short-lived")
    func minted() async throws {
        let now = Timestamp.now()
        let secret = try AppleClientSecret.mint(key: Self.key, clientId: "com.example.web", now: now)
        let keys = JWTKeyCollection()
        let publicKey = try ES256PublicKey(pem: Self.signingKey.publicKey.pemRepresentation)
        await keys.add(ecdsa: publicKey, kid: JWKIdentifier(string: "KEY9876543"))
        let claims = try await keys.verify(secret, as: SecretClaims.self)
        #expect(claims.iss.value == "TEAM123456" && claims.sub.value == "com.example.web")
        #expect(claims.aud.value == ["https://appleid.apple.com"])
        let lifetime = claims.exp.value.timeIntervalSince(claims.iat.value)
        #expect(lifetime >= 300 && lifetime <= 3600, "\(lifetime)")
        #expect(Int64(claims.iat.value.timeIntervalSince1970) == now.secondsSinceEpoch)

        let header = try #require(Base64URL.decode(String(secret.split(separator: ".")[0])))
        let fields = try JSONDecoder().decode([String: String].self, from: header)
        #expect(fields["alg"] == "ES256" && fields["kid"] == "KEY9876543")
    }

    @Test("another key's public half does not verify it")
    func otherKey() async throws {
        let secret = try AppleClientSecret.mint(key: Self.key, clientId: "com.example.web", now: .now())
        let keys = JWTKeyCollection()
        await keys.add(
            ecdsa: try ES256PublicKey(pem: P256.Signing.PrivateKey().publicKey.pemRepresentation), kid: JWKIdentifier(string: "KEY9876543"))
        await #expect(throws: JWTError.self) { try await keys.verify(secret, as: SecretClaims.self) }
    }

    @Test("a key that is not a P-256 private key is refused, by the settings check and by minting")
    func unusableKey() throws {
        #expect(AppleClientSecret.isUsable(Self.signingKey.pemRepresentation))
        #expect(!AppleClientSecret.isUsable(Self.signingKey.publicKey.pemRepresentation))
        #expect(!AppleClientSecret.isUsable(P384.Signing.PrivateKey().pemRepresentation))
        #expect(!AppleClientSecret.isUsable("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n"))
        var broken = Self.key
        broken.privateKeyPEM = Secret("not a key")
        #expect(throws: AuthError.self) { try AppleClientSecret.mint(key: broken, clientId: "com.example.web", now: .now()) }
    }
}
