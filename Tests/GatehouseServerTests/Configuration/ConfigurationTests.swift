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
import Logging
import Testing

@testable import GatehouseServer

@Suite("ServerConfiguration.fromEnvironment")
struct ConfigurationTests {
    static let secret = String(repeating: "s", count: 32)

    /// A development environment with a secret, so that no file is written.
    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        ["GATEHOUSE_JWT_SECRET": secret].merging(extra) { $1 }
    }

    static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-config-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test("defaults as documented")
    func defaults() throws {
        let c = try ServerConfiguration.fromEnvironment(Self.env())
        #expect(c.environment == .development)
        #expect(c.host == "127.0.0.1")
        #expect(c.port == 9999)
        #expect(c.dataDirectory == ".gatehouse")
        #expect(c.databaseURL == nil)
        #expect(c.jwtSecret == Self.secret)
        #expect(c.jwtExpiry == 3600)
        #expect(c.externalURL == "http://127.0.0.1:9999")
        #expect(c.siteURL == "http://127.0.0.1:9999")
        #expect(c.issuer == "http://127.0.0.1:9999/auth/v1")
        #expect(c.passwordPolicy.minimumLength == 8)
        #expect(c.bcryptCost == 10)
        #expect(c.autoconfirm == false)
        #expect(c.signupDisabled == false)
        #expect(c.refreshTokenReuseInterval == 10)
        #expect(c.rateLimits.tokenPerFiveMinutes == 150)
        #expect(c.rateLimits.otpPerFiveMinutes == 30)
        #expect(c.rateLimits.verifyPerFiveMinutes == 30)
        #expect(c.rateLimits.burst == 30)
        #expect(c.rateLimits.clientAddressHeader == nil)
        #expect(c.logLevel == .info)
    }

    @Test("values are read, trimmed and case-insensitive where documented")
    func overrides() throws {
        let c = try ServerConfiguration.fromEnvironment(
            Self.env([
                "GATEHOUSE_HOST": "0.0.0.0", "GATEHOUSE_PORT": " 8080 ", "GATEHOUSE_JWT_EXPIRY": "600",
                "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com/", "GATEHOUSE_PASSWORD_MIN_LENGTH": "12",
                "GATEHOUSE_BCRYPT_COST": "4", "GATEHOUSE_AUTOCONFIRM": "YES", "GATEHOUSE_DISABLE_SIGNUP": "on",
                "GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL": "0", "GATEHOUSE_RATE_LIMIT_TOKEN": "0",
                "GATEHOUSE_RATE_LIMIT_HEADER": "X-Forwarded-For", "GATEHOUSE_TRUSTED_PROXIES": "10.0.0.0/8", "GATEHOUSE_LOG_LEVEL": "DEBUG",
                "GATEHOUSE_DATABASE_URL": "sqlite:///tmp/x.sqlite", "GATEHOUSE_ENV": "Development",
                "GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK": "true",
            ]))
        #expect(c.host == "0.0.0.0")
        #expect(c.port == 8080)
        #expect(c.jwtExpiry == 600)
        #expect(c.externalURL == "https://auth.example.com")
        #expect(c.siteURL == "https://auth.example.com")
        #expect(c.issuer == "https://auth.example.com/auth/v1")
        #expect(c.passwordPolicy.minimumLength == 12)
        #expect(c.bcryptCost == 4)
        #expect(c.autoconfirm)
        #expect(c.signupDisabled)
        #expect(c.refreshTokenReuseInterval == 0)
        #expect(c.rateLimits.tokenPerFiveMinutes == 0)
        #expect(c.rateLimits.clientAddressHeader == "X-Forwarded-For")
        #expect(c.logLevel == .debug)
        #expect(c.databaseURL == "sqlite:///tmp/x.sqlite")
    }

    @Test("the external URL defaults to the configured host and port")
    func externalURLFollowsHostAndPort() throws {
        let c = try ServerConfiguration.fromEnvironment(
            Self.env([
                "GATEHOUSE_HOST": "10.1.2.3", "GATEHOUSE_PORT": "7000", "GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK": "true",
            ]))
        #expect(c.externalURL == "http://10.1.2.3:7000")
    }

    @Test("production without a secret throws (also when the variable is empty)")
    func productionNeedsSecret() throws {
        try Self.withTemporaryDirectory { directory in
            for env in [
                ["GATEHOUSE_ENV": "production", "GATEHOUSE_DATA_DIR": directory],
                ["GATEHOUSE_ENV": "PRODUCTION", "GATEHOUSE_JWT_SECRET": "  ", "GATEHOUSE_DATA_DIR": directory],
            ] {
                #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(env) }
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/jwt-secret"))
        }
    }

    @Test("a secret shorter than 32 bytes throws in every environment")
    func shortSecret() {
        for environment in ["development", "production"] {
            let env = ["GATEHOUSE_ENV": environment, "GATEHOUSE_JWT_SECRET": String(repeating: "k", count: 31)]
            #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(env) }
        }
        #expect(throws: Never.self) { try ServerConfiguration.fromEnvironment(["GATEHOUSE_JWT_SECRET": String(repeating: "k", count: 32)]) }
    }

    @Test(
        "out-of-range or malformed values throw",
        arguments: [
            ("GATEHOUSE_PORT", "65536"), ("GATEHOUSE_PORT", "-1"), ("GATEHOUSE_PORT", "http"), ("GATEHOUSE_PORT", "80.5"),
            ("GATEHOUSE_JWT_EXPIRY", "10"), ("GATEHOUSE_JWT_EXPIRY", "604801"), ("GATEHOUSE_PASSWORD_MIN_LENGTH", "5"),
            ("GATEHOUSE_PASSWORD_MIN_LENGTH", "73"), ("GATEHOUSE_BCRYPT_COST", "3"), ("GATEHOUSE_BCRYPT_COST", "17"),
            ("GATEHOUSE_AUTOCONFIRM", "maybe"), ("GATEHOUSE_ENV", "staging"), ("GATEHOUSE_LOG_LEVEL", "loud"),
            ("GATEHOUSE_RATE_LIMIT_BURST", "0"), ("GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL", "-1"),
        ])
    func invalidValues(name: String, value: String) {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(Self.env([name: value])) }
    }

    @Test("port 0 (pick a free port) and 65535 are accepted")
    func portBounds() throws {
        #expect(try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_PORT": "0"])).port == 0)
        #expect(try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_PORT": "65535"])).port == 65535)
    }

    @Test("development without a secret generates one, keeps it (0600) and reuses it")
    func developmentSecret() throws {
        try Self.withTemporaryDirectory { directory in
            let env = ["GATEHOUSE_DATA_DIR": directory]
            let first = try ServerConfiguration.fromEnvironment(env)
            #expect(first.jwtSecret.utf8.count >= 32)
            let path = directory + "/jwt-secret"
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(permissions?.intValue == 0o600)
            let second = try ServerConfiguration.fromEnvironment(env)
            #expect(second.jwtSecret == first.jwtSecret)
        }
    }
}
