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

/// The same settings sign the same GoTrue tokens in development and production: with
/// `GATEHOUSE_JWT_SECRET` set and no `GATEHOUSE_JWT_KEYS`, both sign HS256 with the secret and
/// publish no key, so a client's token handling (`get_claims` verifying locally or calling
/// `/user`) does not change between the two. Firebase's ID tokens keep their own RS256 key in
/// development, as Google's are.
@Suite("Configuration: token signing in development and production")
struct TokenSigningParityTests {
    static func settings(_ environment: String, dataDirectory: String) -> [String: String] {
        [
            "GATEHOUSE_ENV": environment, "GATEHOUSE_JWT_SECRET": TestServer.jwtSecret, "GATEHOUSE_DATA_DIR": dataDirectory,
            "GATEHOUSE_SMTP_HOST": "smtp.example.com", "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
        ]
    }

    /// Runs `body` against an app configured from `env` as the server reads it (the test's database,
    /// fast bcrypt, no rate limits).
    static func run(_ backend: Backend, env: [String: String], _ body: @Sendable (API) async throws -> Void) async throws {
        let read = try ServerConfiguration.fromEnvironment(env)
        try await TestServer.run(
            backend,
            configure: { configuration in
                var copy = read
                copy.databaseURL = configuration.databaseURL
                copy.bcryptCost = configuration.bcryptCost
                copy.rateLimits = configuration.rateLimits
                copy.logLevel = configuration.logLevel
                configuration = copy
            }, body)
    }

    /// A fresh data folder for `body`, removed afterwards.
    static func withTemporaryDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-parity-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(directory)
    }

    static func accessTokenHeader(_ api: API) async throws -> [String: String] {
        let session = try await api.signedInUser()
        #expect(try await api.user(session.accessToken).status == .ok)
        return try SigningKeysTests.header(of: session.accessToken)
    }

    @Test("a secret and no keys: HS256 without kid and an empty JWKS, in both environments", arguments: Backend.all)
    func sameTokens(_ backend: Backend) async throws {
        try await Self.withTemporaryDirectory { directory in
            for environment in ["development", "production"] {
                try await Self.run(backend, env: Self.settings(environment, dataDirectory: directory)) { api in
                    #expect(try await Self.accessTokenHeader(api) == ["alg": "HS256", "typ": "JWT"], "\(environment)")
                    let jwks = try await api.atRoot.send(.get, "/.well-known/jwks.json")
                    #expect(jwks.text == "{\"keys\":[]}", "\(environment): \(jwks.text)")
                }
            }
        }
    }

    @Test("development with a secret: Firebase ID tokens are still RS256 with a kid", arguments: Backend.all)
    func firebaseKeepsItsKey(_ backend: Backend) async throws {
        try await Self.withTemporaryDirectory { directory in
            try await Self.run(backend, env: Self.settings("development", dataDirectory: directory)) { api in
                let email = TestServer.uniqueEmail("parity-fb")
                let signUp = try await FirebaseRoutingTests.post(
                    api, FirebaseRoutingTests.v3 + "signupNewUser", ["email": email, "password": TestServer.password])
                #expect(signUp.status == .ok, "\(signUp)")
                let idToken = try #require(signUp.json?["idToken"]?.stringValue)
                let header = try SigningKeysTests.header(of: idToken)
                #expect(header["alg"] == "RS256", "\(header)")
                #expect(header["kid"]?.isEmpty == false, "\(header)")
                let lookup = try await FirebaseRoutingTests.post(api, FirebaseRoutingTests.v1 + "accounts:lookup", ["idToken": idToken])
                #expect(lookup.json?["users"]?.arrayValue?.count == 1, "\(lookup)")
            }
        }
    }

    @Test("development without a secret keeps its RS256 key for GoTrue tokens (JWKS works out of the box)", arguments: Backend.all)
    func developmentWithoutSecret(_ backend: Backend) async throws {
        try await Self.withTemporaryDirectory { directory in
            try await Self.run(backend, env: ["GATEHOUSE_DATA_DIR": directory]) { api in
                let header = try await Self.accessTokenHeader(api)
                #expect(header["alg"] == "RS256", "\(header)")
                let jwks = try await api.atRoot.send(.get, "/.well-known/jwks.json")
                #expect(jwks["keys"]?.arrayValue?.first?["kid"]?.stringValue == header["kid"], "\(jwks.text)")
            }
        }
    }
}
