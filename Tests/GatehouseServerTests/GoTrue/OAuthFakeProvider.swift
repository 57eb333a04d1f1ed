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
import JWTKit
import Synchronization
import Testing

@testable import GatehouseServer

/// An OpenID Connect provider on 127.0.0.1 (a free port) for the web redirect flow's router
/// tests: `/jwks` publishes an RS256 key, `/token` exchanges the codes a test `grant`ed as a
/// provider would (checking the client id and secret, the redirect URI and the PKCE verifier)
/// and answers an ID token carrying the nonce the authorization request sent. Every token
/// request is recorded.
final class OAuthFakeProvider: Sendable {
    static let clientId = "gatehouse-web"
    static let clientSecret = "provider-secret"

    /// What a code stands for: the claims its ID token carries, and what `/authorize` sent.
    struct Grant: Sendable {
        var claims: [String: JSONValue]
        var codeChallenge: String?
        /// An answer other than 200 (the provider refusing the code).
        var failWith: Int?
    }

    let base: String
    private let signer: TokenSigner
    private let grants = Mutex<[String: Grant]>([:])
    private let tokenRequests = Mutex<[[String: String]]>([])

    private init(base: String, signer: TokenSigner) {
        self.base = base
        self.signer = signer
    }

    /// The provider as Gatehouse's settings name it, every endpoint given (no discovery).
    func provider(name: String = "mock", kind: IdentityProvider.Kind = .oidc, secret: String? = clientSecret) -> IdentityProvider {
        IdentityProvider(
            name: name, displayName: name == "mock" ? "Mock ID" : name.capitalized, kind: kind, clientIds: [Self.clientId],
            clientSecret: secret.map { Secret($0) }, appleKey: nil, issuer: base, jwksURL: base + "/jwks",
            authorizationURL: base + "/authorize", tokenURL: base + "/token",
            scopes: kind == .apple ? ["name", "email"] : ["openid", "email", "profile"])
    }

    /// Lets `code` be exchanged for an ID token of `subject` whose nonce is `nonce` (the hashed
    /// value the authorization request carried).
    func grant(
        _ code: String, subject: String, email: String, emailVerified: Bool = true, nonce: String?, codeChallenge: String?,
        failWith: Int? = nil
    ) {
        let now = Date().timeIntervalSince1970.rounded(.down)
        var claims: [String: JSONValue] = [
            "iss": .string(base), "aud": .string(Self.clientId), "sub": .string(subject), "email": .string(email),
            "email_verified": .bool(emailVerified), "iat": .number(now), "exp": .number(now + 600),
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        grants.withLock { $0[code] = Grant(claims: claims, codeChallenge: codeChallenge, failWith: failWith) }
    }

    var recordedTokenRequests: [[String: String]] { tokenRequests.withLock { $0 } }

    private func exchange(_ form: [String: String]) async throws -> Response {
        tokenRequests.withLock { $0.append(form) }
        guard let code = form["code"], let grant = grants.withLock({ $0.removeValue(forKey: code) }) else {
            return Self.json(["error": "invalid_grant"], status: .badRequest)
        }
        if let status = grant.failWith { return Self.json(["error": "server_error"], status: HTTPResponse.Status(code: status)) }
        guard form["grant_type"] == "authorization_code", form["client_id"] == Self.clientId, form["client_secret"] == Self.clientSecret
        else { return Self.json(["error": "invalid_client"], status: .unauthorized) }
        let verifier = form["code_verifier"]
        let answered = verifier.map { Data(SHA256.hash(data: Data($0.utf8))).base64URLEncodedString() }
        guard answered == grant.codeChallenge else { return Self.json(["error": "invalid_grant"], status: .badRequest) }
        let idToken = try await signer.sign(FakeIDTokenClaims(claims: grant.claims))
        return Self.json(["id_token": idToken, "access_token": "provider-access-token", "token_type": "Bearer"], status: .ok)
    }

    private var jwks: Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = (try? encoder.encode(JWKSEndpoint.KeySet(keys: signer.publicKeys))) ?? Data()
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: body)))
    }

    private static func json(_ object: [String: String], status: HTTPResponse.Status) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: body)))
    }

    /// One RSA key for every test of the run (made once: a 2048-bit key takes a moment).
    static let keys: SigningKeySet = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-oauth-fake-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try! DevelopmentSigningKey.loadOrCreate(in: directory)
    }()

    /// Runs `body` with a provider listening on 127.0.0.1.
    static func run(_ body: @Sendable (OAuthFakeProvider) async throws -> Void) async throws {
        let router = Router()
        let holder = Mutex<OAuthFakeProvider?>(nil)
        router.get("jwks") { _, _ -> Response in holder.withLock { $0 }?.jwks ?? Response(status: .serviceUnavailable) }
        router.post("token") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 64 * 1024)
            let form = try URLEncodedFormDecoder().decode([String: String].self, from: String(buffer: buffer))
            guard let provider = holder.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            return try await provider.exchange(form)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            let base = "http://127.0.0.1:\(port)"
            let provider = OAuthFakeProvider(
                base: base,
                signer: await TokenSigner(
                    secret: "unused-hmac-secret-of-the-fake-provider-0123456789", keySet: keys, issuer: base, lifetime: 600))
            holder.withLock { $0 = provider }
            try await body(provider)
        }
    }
}

/// An ID token's claims, signed as they are.
struct FakeIDTokenClaims: JWTPayload {
    var claims: [String: JSONValue]

    init(claims: [String: JSONValue]) { self.claims = claims }
    init(from decoder: any Decoder) throws { claims = try decoder.singleValueContainer().decode([String: JSONValue].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(claims)
    }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
