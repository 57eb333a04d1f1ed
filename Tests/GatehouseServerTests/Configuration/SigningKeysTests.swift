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

/// `GATEHOUSE_JWT_KEYS`, the development key and `/.well-known/jwks.json`.
@Suite("Signing keys and JWKS")
struct SigningKeysTests {
    static func jwk(_ base: [String: String], kid: String, ops: [String], dropping: Set<String> = []) -> [String: Any] {
        var key: [String: Any] = base.filter { !dropping.contains($0.key) }
        key["kid"] = kid
        key["key_ops"] = ops
        return key
    }

    static func json(_ keys: [[String: Any]]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: keys), as: UTF8.self)
    }

    static func configuration(keys: String) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_JWT_KEYS": keys]))
    }

    static func startupError(_ keys: String) -> String {
        do {
            _ = try configuration(keys: keys)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static var oct: [String: Any] {
        [
            "kty": "oct", "kid": "hs", "alg": "HS256", "key_ops": ["verify"], "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA",
        ]
    }

    @Test("a JWK list with one RS256 signing key, an EC and an oct key that verify")
    func goodKeySet() throws {
        let keys = Self.json([
            Self.jwk(TestJWKs.rsa, kid: "rsa-1", ops: ["sign", "verify"]), Self.jwk(TestJWKs.ec, kid: "ec-1", ops: ["verify"]), Self.oct,
        ])
        let set = try #require(try Self.configuration(keys: keys).jwtKeys)
        #expect(set.signingKey.kid == "rsa-1")
        #expect(set.signingKey.algorithm == .rs256)
        #expect(set.keys.map(\.kid) == ["rsa-1", "ec-1", "hs"])
    }

    @Test(
        "bad settings stop the start with a clear message",
        arguments: [
            ("{not json", "not valid JSON"),
            ("{\"kty\":\"RSA\"}", "expected a JSON array of JWKs"),
            ("[]", "the key list is empty"),
            (json([jwk(TestJWKs.rsa, kid: "a", ops: ["verify"])]), "no signing key detected"),
            (
                json([jwk(TestJWKs.rsa, kid: "a", ops: ["sign"]), jwk(TestJWKs.ec, kid: "b", ops: ["sign"])]),
                "multiple signing keys detected (a, b)"
            ),
            (json([jwk(TestJWKs.rsa, kid: "a", ops: ["sign"], dropping: ["d", "p", "q", "dp", "dq", "qi"])]), "has no private part"),
            (json([jwk(TestJWKs.ec, kid: "a", ops: ["sign"], dropping: ["d"])]), "has no private part"),
            (json([jwk(TestJWKs.rsa, kid: "", ops: ["sign"])]), "has no \"kid\""),
            (json([jwk(TestJWKs.rsa, kid: "a", ops: ["sign"]), jwk(TestJWKs.ec, kid: "a", ops: ["verify"])]), "two keys have the kid"),
            (json([jwk(["kty": "OKP", "crv": "Ed25519", "x": "AA"], kid: "a", ops: ["sign"])]), "has kty \"OKP\""),
            (json([jwk(TestJWKs.rsa.merging(["alg": "RS512"]) { $1 }, kid: "a", ops: ["sign"])]), "has alg \"RS512\""),
            (json([jwk(TestJWKs.rsa.merging(["n": "AQAB"]) { $1 }, kid: "a", ops: ["sign"])]), "is not a usable RS256 key"),
            (
                json([jwk(TestJWKs.ec.merging(["d": TestJWKs.otherEC["d"]!]) { $1 }, kid: "a", ops: ["sign"])]),
                "\"d\" does not match"
            ),
            (json([["kty": "oct", "kid": "a", "key_ops": ["sign"], "k": "c2hvcnQ"]]), "at least 32 bytes"),
        ])
    func badSettings(_ keys: String, _ expected: String) {
        let message = Self.startupError(keys)
        #expect(message.hasPrefix("GATEHOUSE_JWT_KEYS: "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test("the signer's contract: sign(_:) uses the signing key and its kid; signingAlgorithm names it")
    func signerContract() async throws {
        let keys = Self.json([Self.jwk(TestJWKs.rsa, kid: "rsa-1", ops: ["sign", "verify"]), Self.oct])
        let set = try #require(try Self.configuration(keys: keys).jwtKeys)
        let signer = await TokenSigner(secret: ConfigurationTests.secret, keySet: set, issuer: "t", lifetime: 60)
        #expect(signer.signingAlgorithm == "RS256")
        let token = try await signer.sign(RoleClaims(role: "anon", exp: nil))
        #expect(try Self.header(of: token) == ["alg": "RS256", "kid": "rsa-1", "typ": "JWT"])
        #expect(try await signer.keys.verify(token, as: RoleClaims.self).role == "anon")

        let plain = await TokenSigner(secret: ConfigurationTests.secret, issuer: "t", lifetime: 60)
        #expect(plain.signingAlgorithm == "HS256")
        #expect(try Self.header(of: try await plain.sign(RoleClaims(role: "anon", exp: nil))) == ["alg": "HS256", "typ": "JWT"])
    }

    @Test("development without a secret: the key is made at start-up only, kept 0600, the same after a restart")
    func developmentKey() throws {
        try ConfigurationTests.withTemporaryDirectory { directory in
            let configuration = try ServerConfiguration.fromEnvironment(["GATEHOUSE_DATA_DIR": directory])
            #expect(configuration.jwtKeys == nil)
            #expect(configuration.usesDevelopmentSigningKey)
            #expect(!FileManager.default.fileExists(atPath: directory + "/" + DevelopmentSigningKey.fileName))

            let first = try #require(try configuration.signingKeySet())
            let path = directory + "/" + DevelopmentSigningKey.fileName
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
            let second = try #require(try configuration.signingKeySet())
            #expect(first.signingKey.kid == second.signingKey.kid)
            #expect(first.signingKey.publicJWK == second.signingKey.publicJWK)
            #expect(first.signingKey.algorithm == .rs256)
        }
        // Production without keys: HS256 with the secret, no file.
        let production = try ServerConfiguration.fromEnvironment(
            ConfigurationTests.env(
                ProductionExternalURLTests.production.merging(["GATEHOUSE_EXTERNAL_URL": "https://auth.example.com"]) { $1 }))
        #expect(!production.usesDevelopmentSigningKey)
        #expect(try production.signingKeySet() == nil)
    }

    @Test("tokens carry the signing key's kid; JWKS publishes public keys only; HS256 keys still work", arguments: Backend.all)
    func jwksAndVerification(_ backend: Backend) async throws {
        let keys = try #require(
            try Self.configuration(keys: Self.json([Self.jwk(TestJWKs.ec, kid: "ec-sign", ops: ["sign"]), Self.oct])).jwtKeys)
        try await TestServer.run(backend, configure: { $0.jwtKeys = keys }) { api in
            let session = try await api.signedInUser()
            let header = try Self.header(of: session.accessToken)
            #expect(header["alg"] == "ES256")
            #expect(header["kid"] == "ec-sign")
            #expect(header["typ"] == "JWT")
            #expect(try await api.user(session.accessToken).status == .ok)

            let jwks = try await api.atRoot.send(.get, "/.well-known/jwks.json")
            #expect(jwks.status == .ok)
            #expect(jwks.header("Cache-Control") == "public, max-age=600")
            let published = try #require(jwks["keys"]?.arrayValue)
            #expect(published.count == 1)
            #expect(published[0].keys == Set(["kty", "alg", "kid", "use", "key_ops", "crv", "x", "y"]))
            #expect(published[0]["x"] == .string(TestJWKs.ec["x"]!))
            #expect(try await api.send(.get, "/.well-known/jwks.json").text == jwks.text)

            // The service_role key is HS256 without a kid: verified with the secret.
            #expect(try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken).status == .ok)
        }
    }

    @Test("without keys: HS256 tokens without kid, and an empty JWKS", arguments: Backend.all)
    func secretOnly(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let header = try Self.header(of: session.accessToken)
            #expect(header["alg"] == "HS256")
            #expect(header["kid"] == nil)
            let jwks = try await api.atRoot.send(.get, "/.well-known/jwks.json")
            #expect(jwks.text == "{\"keys\":[]}")
        }
    }

    static func header(of token: String) throws -> [String: String] {
        let part = try #require(token.split(separator: ".").first)
        let data = try #require(Base64URL.decode(String(part)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }
}
