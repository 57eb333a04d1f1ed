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
import Hummingbird
import HummingbirdTesting

@testable import GatehouseServer

/// An OpenID Connect issuer on 127.0.0.1 (a free port) for the federated sign-in tests: its
/// discovery document and JWKS (one ES256 key), and ID tokens it signs with any claims, so a
/// test can make Apple's or Google's shapes, or a token that fails one check.
struct FederationTestIssuer: Sendable {
    let url: String
    let key: P256.Signing.PrivateKey
    let keyId: String

    static let appClientId = "com.example.app"

    /// Runs `body` with an issuer listening until it returns.
    static func run(_ body: @Sendable (FederationTestIssuer) async throws -> Void) async throws {
        let key = P256.Signing.PrivateKey()
        let keyId = "test-\(UUID().uuidString.prefix(8))"
        let router = Router()
        let jwks = Self.jwks(key.publicKey, keyId: keyId)
        router.get("jwks") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: jwks))) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            try await body(FederationTestIssuer(url: "http://127.0.0.1:\(port)", key: key, keyId: keyId))
        }
    }

    /// The provider as the settings would make it, pointed at this issuer.
    func provider(_ kind: IdentityProvider.Kind = .apple, name: String? = nil) -> IdentityProvider {
        IdentityProvider(
            name: name ?? kind.rawValue, displayName: kind == .oidc ? "Test" : kind.rawValue.capitalized, kind: kind,
            clientIds: [Self.appClientId], clientSecret: nil, appleKey: nil, issuer: url, jwksURL: url + "/jwks",
            authorizationURL: nil, tokenURL: nil, scopes: ["openid", "email"])
    }

    /// An ID token for `subject` with Apple's shape (string booleans), or `claims` instead.
    func idToken(subject: String, email: String?, verified: Bool = true, nonce: String? = nil, extra: [String: JSONValue] = [:])
        throws -> String
    {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: JSONValue] = [
            "iss": .string(url), "aud": .string(Self.appClientId), "sub": .string(subject), "iat": .number(Double(now)),
            "exp": .number(Double(now + 600)), "email_verified": .string(verified ? "true" : "false"),
        ]
        if let email { claims["email"] = .string(email) }
        if let nonce { claims["nonce"] = .string(Self.sha256Hex(nonce)) }
        return try sign(claims.merging(extra) { $1 })
    }

    func sign(_ claims: [String: JSONValue]) throws -> String {
        let header = try JSONEncoder().encode(["alg": "ES256", "kid": keyId, "typ": "JWT"])
        let payload = try JSONEncoder().encode(claims)
        let input = Self.base64URL(header) + "." + Self.base64URL(payload)
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Self.base64URL(signature.rawRepresentation)
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func jwks(_ key: P256.Signing.PublicKey, keyId: String) -> String {
        let raw = key.rawRepresentation
        let x = base64URL(raw.prefix(32))
        let y = base64URL(raw.suffix(32))
        return #"{"keys":[{"kty":"EC","crv":"P-256","alg":"ES256","use":"sig","kid":"\#(keyId)","x":"\#(x)","y":"\#(y)"}]}"#
    }
}
