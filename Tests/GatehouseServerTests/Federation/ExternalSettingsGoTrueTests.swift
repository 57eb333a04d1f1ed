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

@testable import GatehouseServer

/// GoTrue's names for the providers Gatehouse has: read as the `GATEHOUSE_EXTERNAL_*` settings,
/// and the provider settings Gatehouse cannot honour refused.
@Suite("External provider settings: GoTrue's names")
struct ExternalSettingsGoTrueTests {
    static func apple(_ env: [String: String]) throws -> IdentityProvider? {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(env)).external.provider(named: "apple")
    }

    @Test("Apple's client ids, with GoTrue's iOS bundle id added after them once")
    func appleClientIds() throws {
        let gotrue = [
            "GOTRUE_EXTERNAL_APPLE_ENABLED": "true", "GOTRUE_EXTERNAL_APPLE_CLIENT_ID": "com.example.web,com.example.other",
            "GOTRUE_EXTERNAL_IOS_BUNDLE_ID": "com.example.app", "GOTRUE_EXTERNAL_APPLE_SECRET": "apple-secret-jwt",
        ]
        let apple = try #require(try Self.apple(gotrue))
        #expect(apple.clientIds == ["com.example.web", "com.example.other", "com.example.app"])
        #expect(apple.clientSecret?.value == "apple-secret-jwt")
        #expect(GoTrueEnvironment(gotrue).sources["GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS"] == "GOTRUE_EXTERNAL_APPLE_CLIENT_ID")

        let bundleOnly = ["GOTRUE_EXTERNAL_APPLE_ENABLED": "1", "GOTRUE_EXTERNAL_IOS_BUNDLE_ID": "com.example.app"]
        #expect(try Self.apple(bundleOnly)?.clientIds == ["com.example.app"])
        let listedTwice = gotrue.merging(["GOTRUE_EXTERNAL_APPLE_CLIENT_ID": "com.example.app, com.example.web"]) { $1 }
        #expect(try Self.apple(listedTwice)?.clientIds == ["com.example.app", "com.example.web"])
        #expect(try Self.apple(["GOTRUE_EXTERNAL_APPLE_ENABLED": "false", "GOTRUE_EXTERNAL_APPLE_CLIENT_ID": "x"]) == nil)
    }

    @Test("Google's switch, client ids and secret")
    func google() throws {
        let env = ConfigurationTests.env([
            "GOTRUE_EXTERNAL_GOOGLE_ENABLED": "true", "GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID": "web.apps.googleusercontent.com",
            "GOTRUE_EXTERNAL_GOOGLE_SECRET": "google-secret",
            "GOTRUE_EXTERNAL_GOOGLE_REDIRECT_URI": "https://api.example.com/auth/v1/callback",
            "GOTRUE_EXTERNAL_GOOGLE_SKIP_NONCE_CHECK": "false",
            "GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS": "https://appleid.apple.com, https://accounts.google.com",
        ])
        let google = try #require(try ServerConfiguration.fromEnvironment(env).external.provider(named: "google"))
        #expect(google.clientIds == ["web.apps.googleusercontent.com"] && google.clientSecret?.value == "google-secret")
    }

    @Test(
        "what Gatehouse cannot honour stops the start",
        arguments: [
            (["GOTRUE_EXTERNAL_APPLE_SKIP_NONCE_CHECK": "true"], "GOTRUE_EXTERNAL_APPLE_SKIP_NONCE_CHECK=true: Gatehouse always checks"),
            (["GOTRUE_EXTERNAL_GOOGLE_SKIP_NONCE_CHECK": "true"], "GOTRUE_EXTERNAL_GOOGLE_SKIP_NONCE_CHECK=true: Gatehouse always checks"),
            (
                ["GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS": "https://appleid.apple.com,https://login.acme.test"],
                "GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS=https://appleid.apple.com,https://login.acme.test: Gatehouse takes ID tokens only"
            ),
            (
                ["GOTRUE_EXTERNAL_KEYCLOAK_ENABLED": "true"],
                "GOTRUE_EXTERNAL_KEYCLOAK_ENABLED=true: Gatehouse's external sign-in providers are"
            ),
            (["GOTRUE_EXTERNAL_APPLE_ENABLED": "maybe"], "GOTRUE_EXTERNAL_APPLE_ENABLED"),
            (
                ["GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID": "one", "GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS": "two"],
                "GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID=one and GATEHOUSE_EXTERNAL_GOOGLE_CLIENT_IDS=two disagree"
            ),
            (
                ["GOTRUE_EXTERNAL_APPLE_SECRET": "secret-one-value", "GATEHOUSE_EXTERNAL_APPLE_SECRET": "secret-two-value"],
                "GOTRUE_EXTERNAL_APPLE_SECRET and GATEHOUSE_EXTERNAL_APPLE_SECRET are both set, to different values (not shown: secrets)"
            ),
            (
                ["GOTRUE_EXTERNAL_APPLE_ENABLED": "true"],
                "GATEHOUSE_EXTERNAL_APPLE_CLIENT_IDS is required with GATEHOUSE_EXTERNAL_APPLE_ENABLED=true"
            ),
        ])
    func refused(env: [String: String], expected: String) throws {
        let text = try #require(GoTrueEnvironmentAliasTests.error(ConfigurationTests.env(env)))
        #expect(text.contains(expected), "\(text)")
        #expect(!text.contains("secret-one-value") && !text.contains("secret-two-value"))
    }
}
