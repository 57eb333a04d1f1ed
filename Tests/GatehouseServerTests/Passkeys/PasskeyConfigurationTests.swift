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

/// The passkey settings: GoTrue's defaults, development's `localhost` relying party, and the
/// start-up errors for a production server with passkeys on and no relying party, or for origins
/// a browser would never accept for the RP id.
@Suite("Passkey settings")
struct PasskeyConfigurationTests {
    static func read(_ extra: [String: String]) throws -> ServerConfiguration.PasskeyConfiguration {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(extra)).passkeys
    }

    static let production = [
        "GATEHOUSE_ENV": "production", "GATEHOUSE_SMTP_HOST": "smtp.example.com", "GATEHOUSE_SITE_URL": "https://app.example.com",
        "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
    ]

    @Test("GoTrue's defaults; in development the RP is localhost at the site URL's port")
    func defaults() throws {
        let passkeys = try Self.read([:])
        #expect(!passkeys.enabled && passkeys.maxPerUser == 10 && passkeys.challengeExpiry == 300)
        #expect(passkeys.rpID == "localhost" && passkeys.rpOrigins == ["http://localhost:9999"])
        #expect(passkeys.rpDisplayName == "Gatehouse")
        let limits = try ServerConfiguration.fromEnvironment(ConfigurationTests.env()).rateLimits
        #expect(limits.passkeyPerFiveMinutes == 30)
        let site = try Self.read(["GATEHOUSE_PASSKEY_ENABLED": "true", "GATEHOUSE_SITE_URL": "http://127.0.0.1:5173"])
        #expect(site.enabled && site.rpID == "localhost" && site.rpOrigins == ["http://localhost:5173"])
    }

    @Test("values are read: durations as GoTrue writes them, origins as a comma list, the RP id lower-cased")
    func overrides() throws {
        let passkeys = try Self.read([
            "GATEHOUSE_PASSKEY_ENABLED": "true", "GATEHOUSE_PASSKEY_MAX_PASSKEYS_PER_USER": "3",
            "GATEHOUSE_WEBAUTHN_RP_ID": "Example.COM", "GATEHOUSE_WEBAUTHN_RP_DISPLAY_NAME": "Example",
            "GATEHOUSE_WEBAUTHN_RP_ORIGINS": "https://example.com, https://login.example.com:8443,android:apk-key-hash:abc",
            "GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION": "2m",
        ])
        #expect(passkeys.enabled && passkeys.maxPerUser == 3 && passkeys.challengeExpiry == 120)
        #expect(passkeys.rpID == "example.com" && passkeys.rpDisplayName == "Example")
        #expect(passkeys.rpOrigins == ["https://example.com", "https://login.example.com:8443", "android:apk-key-hash:abc"])
        let limits = try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_RATE_LIMIT_PASSKEY": "5"])).rateLimits
        #expect(limits.passkeyPerFiveMinutes == 5)
    }

    @Test("development with an RP id and no origins takes the site URL's origin as it is")
    func developmentWithRPID() throws {
        let passkeys = try Self.read(["GATEHOUSE_WEBAUTHN_RP_ID": "example.com", "GATEHOUSE_SITE_URL": "https://app.example.com"])
        #expect(passkeys.rpID == "example.com" && passkeys.rpOrigins == ["https://app.example.com"])
    }

    @Test("production: passkeys on need the RP id and origins; off, nothing is required")
    func production() throws {
        #expect(try Self.read(Self.production).rpID == nil)
        for missing in [
            ["GATEHOUSE_WEBAUTHN_RP_ORIGINS": "https://app.example.com"], ["GATEHOUSE_WEBAUTHN_RP_ID": "example.com"], [:],
        ] {
            let error = #expect(throws: ConfigurationError.self) {
                try Self.read(Self.production.merging(missing) { $1 }.merging(["GATEHOUSE_PASSKEY_ENABLED": "true"]) { $1 })
            }
            #expect(error?.description.contains("GATEHOUSE_WEBAUTHN_RP_ID and GATEHOUSE_WEBAUTHN_RP_ORIGINS") == true)
        }
        let passkeys = try Self.read(
            Self.production.merging([
                "GATEHOUSE_PASSKEY_ENABLED": "true", "GATEHOUSE_WEBAUTHN_RP_ID": "example.com",
                "GATEHOUSE_WEBAUTHN_RP_ORIGINS": "https://app.example.com",
            ]) { $1 })
        #expect(passkeys.enabled && passkeys.rpID == "example.com" && passkeys.rpOrigins == ["https://app.example.com"])
    }

    @Test(
        "a bad value stops the start, naming the setting",
        arguments: [
            ("GATEHOUSE_WEBAUTHN_RP_ID", "https://example.com"), ("GATEHOUSE_WEBAUTHN_RP_ID", "example.com:443"),
            ("GATEHOUSE_WEBAUTHN_RP_ID", "exa mple.com"), ("GATEHOUSE_PASSKEY_MAX_PASSKEYS_PER_USER", "0"),
            ("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "0"), ("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "2h"),
            ("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "soon"), ("GATEHOUSE_RATE_LIMIT_PASSKEY", "-1"),
            ("GATEHOUSE_PASSKEY_ENABLED", "maybe"), ("GATEHOUSE_WEBAUTHN_RP_ORIGINS", " , "),
        ])
    func badValues(name: String, value: String) {
        let error = #expect(throws: ConfigurationError.self) { try Self.read([name: value]) }
        #expect(error?.description.contains(name) == true, "\(String(describing: error))")
    }

    @Test(
        "origins a browser would refuse for the RP id stop the start",
        arguments: [
            "http://example.com",  // plain http off loopback
            "https://example.org",  // another site
            "https://notexample.com",  // a suffix that is not a subdomain
            "https://example.com/login",  // a path: not an origin
            "ftp://example.com", "example.com",
        ])
    func badOrigins(origin: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try Self.read(["GATEHOUSE_WEBAUTHN_RP_ID": "example.com", "GATEHOUSE_WEBAUTHN_RP_ORIGINS": origin])
        }
        #expect(error?.description.contains("GATEHOUSE_WEBAUTHN_RP_ORIGINS") == true, "\(String(describing: error))")
    }

    @Test("plain http is accepted on loopback only")
    func loopbackHTTP() throws {
        let passkeys = try Self.read([
            "GATEHOUSE_WEBAUTHN_RP_ID": "localhost", "GATEHOUSE_WEBAUTHN_RP_ORIGINS": "http://localhost:5173,http://app.localhost:3000",
        ])
        #expect(passkeys.rpOrigins == ["http://localhost:5173", "http://app.localhost:3000"])
    }
}
