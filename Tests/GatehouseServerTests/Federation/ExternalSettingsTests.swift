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
import Testing

@testable import GatehouseServer

/// `GATEHOUSE_EXTERNAL_*`: the providers the settings turn on, their defaults, and the start-up
/// errors for settings that cannot work.
@Suite("External provider settings")
struct ExternalSettingsTests {
    static func external(_ env: [String: String]) throws -> ExternalProviders {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(env)).external
    }

    static func error(_ env: [String: String]) -> String? {
        GoTrueEnvironmentAliasTests.error(ConfigurationTests.env(env))
    }

    static let acme = [
        "GATEHOUSE_EXTERNAL_OIDC_NAME": "acme", "GATEHOUSE_EXTERNAL_OIDC_ISSUER": "https://login.acme.test",
        "GATEHOUSE_EXTERNAL_OIDC_CLIENT_IDS": "acme-web, acme-ios",
    ]

    @Test("by default no provider is on, and linking needs verified addresses")
    func defaults() throws {
        let external = try Self.external([:])
        #expect(external.providers.isEmpty && external.linking == .verifiedAddresses)
        #expect(ServerConfiguration(jwtSecret: ConfigurationTests.secret).external == external)
        // Settings of a provider that is off are read (a bad one still stops the start), not used.
        #expect(try Self.external(["GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS": "id"]).providers.isEmpty)
        #expect(Self.error(["GATEHOUSE_EXTERNAL_GOOGLE_ISSUER": "accounts.google.com"]) != nil)
    }

    @Test("Apple and Google on: their real endpoints by default, client ids in order")
    func appleAndGoogle() throws {
        let external = try Self.external([
            "GATEHOUSE_EXTERNAL_APPLE_ENABLED": "true", "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS": "com.example.web,com.example.app",
            "GATEHOUSE_EXTERNAL_GOOGLE_ENABLED": "yes", "GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS": "123.apps.googleusercontent.com",
            "GATEHOUSE_EXTERNAL_GOOGLE_SECRET": "google-secret-value", "GATEHOUSE_EXTERNAL_LINKING": "never",
        ])
        #expect(external.linking == .never)
        let apple = try #require(external.provider(named: "apple"))
        #expect(apple.kind == .apple && apple.displayName == "Apple" && apple.clientIds == ["com.example.web", "com.example.app"])
        #expect(apple.issuer == "https://appleid.apple.com" && apple.jwksURL == "https://appleid.apple.com/auth/keys")
        #expect(
            apple.authorizationURL == "https://appleid.apple.com/auth/authorize" && apple.tokenURL == "https://appleid.apple.com/auth/token"
        )
        #expect(apple.clientSecret == nil && apple.appleKey == nil)
        let google = try #require(external.provider(named: "google.com"))
        #expect(google.issuer == "https://accounts.google.com" && google.jwksURL == "https://www.googleapis.com/oauth2/v3/certs")
        #expect(google.clientSecret?.value == "google-secret-value" && google.scopes == ["openid", "email", "profile"])
    }

    @Test("an operator's issuer under its name: endpoints left to discovery, display name from the name")
    func openIDConnect() throws {
        let acme = try #require(try Self.external(Self.acme).provider(named: "oidc.acme"))
        #expect(acme.name == "acme" && acme.kind == .oidc && acme.displayName == "Acme")
        #expect(acme.clientIds == ["acme-web", "acme-ios"] && acme.issuer == "https://login.acme.test")
        #expect(acme.jwksURL == nil && acme.authorizationURL == nil && acme.tokenURL == nil)
        #expect(acme.scopes == ["openid", "email", "profile"])
        let named = try #require(
            try Self.external(
                Self.acme.merging([
                    "GATEHOUSE_EXTERNAL_OIDC_DISPLAY_NAME": "Acme Corp", "GATEHOUSE_EXTERNAL_OIDC_SCOPES": "openid,email groups",
                    "GATEHOUSE_EXTERNAL_OIDC_JWKS_URL": "https://login.acme.test/jwks",
                ]) { $1 }
            ).provider(named: "acme"))
        #expect(named.displayName == "Acme Corp" && named.scopes == ["openid", "email", "groups"])
        #expect(named.jwksURL == "https://login.acme.test/jwks")
    }

    @Test(
        "settings that cannot work stop the start, naming the variable",
        arguments: [
            (
                ["GATEHOUSE_EXTERNAL_APPLE_ENABLED": "true"],
                "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS is required with GATEHOUSE_EXTERNAL_APPLE_ENABLED=true"
            ),
            (["GATEHOUSE_EXTERNAL_GOOGLE_ENABLED": "true"], "GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS is required"),
            (["GATEHOUSE_EXTERNAL_OIDC_NAME": "acme"], "GATEHOUSE_EXTERNAL_OIDC_ISSUER is required with GATEHOUSE_EXTERNAL_OIDC_NAME=acme"),
            (
                ["GATEHOUSE_EXTERNAL_OIDC_NAME": "acme", "GATEHOUSE_EXTERNAL_OIDC_ISSUER": "https://login.acme.test"],
                "GATEHOUSE_EXTERNAL_OIDC_CLIENT_IDS is required with GATEHOUSE_EXTERNAL_OIDC_NAME=acme"
            ),
            (
                ["GATEHOUSE_EXTERNAL_OIDC_ISSUER": "https://login.acme.test"],
                "GATEHOUSE_EXTERNAL_OIDC_ISSUER is set but GATEHOUSE_EXTERNAL_OIDC_NAME is not"
            ),
            (
                ["GATEHOUSE_EXTERNAL_OIDC_NAME": "Acme"],
                "GATEHOUSE_EXTERNAL_OIDC_NAME=Acme is not a valid value; accepted: 1 to 32 lowercase"
            ),
            (["GATEHOUSE_EXTERNAL_OIDC_NAME": "google"], "GATEHOUSE_EXTERNAL_OIDC_NAME=google is a name Gatehouse already uses"),
            (["GATEHOUSE_EXTERNAL_OIDC_SCOPES": "email profile"], "GATEHOUSE_EXTERNAL_OIDC_SCOPES must include openid"),
            (["GATEHOUSE_EXTERNAL_OIDC_ISSUER": "login.acme.test"], "GATEHOUSE_EXTERNAL_OIDC_ISSUER=login.acme.test is not an http(s) URL"),
            (["GATEHOUSE_EXTERNAL_APPLE_TOKEN_URL": "ftp://apple.test/t"], "GATEHOUSE_EXTERNAL_APPLE_TOKEN_URL=ftp://apple.test/t is not"),
            (["GATEHOUSE_EXTERNAL_GOOGLE_JWKS_URL": "https://u:p@google.test/k"], "GATEHOUSE_EXTERNAL_GOOGLE_JWKS_URL="),
            (["GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS": ", ,"], "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS=, , is not a valid value"),
            (
                ["GATEHOUSE_EXTERNAL_APPLE_TEAM_ID": "team"],
                "GATEHOUSE_EXTERNAL_APPLE_TEAM_ID=team is not a valid value; accepted: 10 capital"
            ),
            (["GATEHOUSE_EXTERNAL_APPLE_TEAM_ID": "TEAM123456"], "set all three (to mint Apple's client secret) or none"),
            (["GATEHOUSE_EXTERNAL_LINKING": "always"], "GATEHOUSE_EXTERNAL_LINKING=always is not a valid value; accepted: verified, never"),
        ])
    func refused(env: [String: String], expected: String) throws {
        let text = try #require(Self.error(env))
        #expect(text.contains(expected), "\(text)")
    }

    @Test("Apple's key: the three settings together, the .p8 file read and checked at start")
    func appleKey() throws {
        try ConfigurationTests.withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let pem = P256.Signing.PrivateKey().pemRepresentation
            let keyFile = directory + "/AuthKey_KEY9876543.p8"
            try pem.write(toFile: keyFile, atomically: true, encoding: .utf8)
            var env = [
                "GATEHOUSE_EXTERNAL_APPLE_ENABLED": "true", "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS": "com.example.web",
                "GATEHOUSE_EXTERNAL_APPLE_TEAM_ID": "TEAM123456", "GATEHOUSE_EXTERNAL_APPLE_KEY_ID": "KEY9876543",
                "GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE": keyFile,
            ]
            let apple = try #require(try Self.external(env).provider(named: "apple"))
            #expect(apple.appleKey == AppleClientSecretKey(teamId: "TEAM123456", keyId: "KEY9876543", privateKeyPEM: Secret(pem)))
            let configuration = try ServerConfiguration.fromEnvironment(ConfigurationTests.env(env))
            #expect(!"\(configuration)".contains(pem.split(separator: "\n")[1]), "the key in a description")

            env["GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE"] = directory + "/missing.p8"
            #expect(Self.error(env)?.contains("GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE=\(directory)/missing.p8 cannot be read") == true)
            try "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
            env["GATEHOUSE_EXTERNAL_APPLE_PRIVATE_KEY_FILE"] = keyFile
            #expect(Self.error(env)?.contains("is not a PEM P-256 private key") == true)
            // Apple off: the key file is not read.
            env["GATEHOUSE_EXTERNAL_APPLE_ENABLED"] = "false"
            #expect(Self.error(env) == nil)
        }
    }

    @Test("production: provider URLs must be https, except on a loopback host")
    func productionHTTPS() throws {
        let production = EffectiveSettingValuesTests.production
        func error(_ extra: [String: String]) -> String? { GoTrueEnvironmentAliasTests.error(production.merging(extra) { $1 }) }
        #expect(error(Self.acme) == nil)
        let plain = Self.acme.merging(["GATEHOUSE_EXTERNAL_OIDC_ISSUER": "http://login.acme.test"]) { $1 }
        #expect(error(plain)?.contains("GATEHOUSE_EXTERNAL_OIDC_ISSUER must be an https URL when GATEHOUSE_ENV=production") == true)
        #expect(GoTrueEnvironmentAliasTests.error(ConfigurationTests.env(plain)) == nil, "development allows http")
        #expect(error(Self.acme.merging(["GATEHOUSE_EXTERNAL_OIDC_ISSUER": "http://127.0.0.1:8080"]) { $1 }) == nil)
        let google = [
            "GATEHOUSE_EXTERNAL_GOOGLE_ENABLED": "true", "GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS": "id",
            "GATEHOUSE_EXTERNAL_GOOGLE_TOKEN_URL": "http://google.test/token",
        ]
        #expect(error(google)?.contains("GATEHOUSE_EXTERNAL_GOOGLE_TOKEN_URL must be an https URL") == true)
        #expect(error(google.merging(["GATEHOUSE_EXTERNAL_GOOGLE_ENABLED": "false"]) { $1 }) == nil, "a provider that is off")
    }

    @Test("the providers' secrets are secrets: masked by gatehouse config, absent from the configuration's description")
    func secrets() throws {
        let env = ConfigurationTests.env(
            Self.acme.merging([
                "GATEHOUSE_EXTERNAL_OIDC_SECRET": "oidc-secret-value", "GATEHOUSE_EXTERNAL_GOOGLE_SECRET": "google-secret-value",
            ]) {
                $1
            })
        let configuration = try ServerConfiguration.fromEnvironment(env)
        #expect(!"\(configuration)".contains("oidc-secret-value"))
        let shown = EffectiveSetting.all(env, configuration: configuration)
        #expect(shown.first { $0.name == "GATEHOUSE_EXTERNAL_OIDC_SECRET" }?.value == EffectiveSetting.mask)
        #expect(!shown.contains { $0.value.contains("secret-value") })
    }

    @Test("GET /settings lists Apple and Google, on or off, and an operator's issuer by its name")
    func settingsEndpoint() async throws {
        try await TestServer.run(.sqlite) { api in
            let settings = try await api.send(.get, "/settings")
            #expect(settings["external"]?["apple"] == .bool(false) && settings["external"]?["google"] == .bool(false))
            #expect(settings["external"]?["email"] == .bool(true) && settings["external"]?["acme"] == nil)
        }
        let env = ConfigurationTests.env(
            Self.acme.merging(["GATEHOUSE_EXTERNAL_APPLE_ENABLED": "true", "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS": "com.example.app"]) { $1 }
        )
        let external = try ServerConfiguration.fromEnvironment(env).external
        try await TestServer.run(.sqlite, configure: { $0.external = external }) { api in
            let settings = try await api.send(.get, "/settings")
            #expect(settings["external"]?["apple"] == .bool(true) && settings["external"]?["google"] == .bool(false))
            #expect(settings["external"]?["acme"] == .bool(true))
        }
    }
}
