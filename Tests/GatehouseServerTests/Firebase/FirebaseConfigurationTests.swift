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

/// `GATEHOUSE_FIREBASE_PROJECT_ID` and `GATEHOUSE_FIREBASE_API_KEYS`: their defaults in each
/// environment, good values, and the start-up errors for bad ones.
@Suite("Firebase settings")
struct FirebaseConfigurationTests {
    static let secret = String(repeating: "s", count: 32)

    static func read(_ extra: [String: String]) throws -> FirebaseConfiguration {
        try ServerConfiguration.fromEnvironment(["GATEHOUSE_JWT_SECRET": secret].merging(extra) { $1 }).firebase
    }

    static let production = [
        "GATEHOUSE_ENV": "production", "GATEHOUSE_MAIL_TRANSPORT": "mailersend", "GATEHOUSE_MAILERSEND_API_KEY": "mlsn.test",
        "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
    ]

    /// Production with an RS256 signing key, which the Firebase API needs there.
    static let productionWithKeys = production.merging([
        "GATEHOUSE_JWT_KEYS": SigningKeysTests.json([SigningKeysTests.jwk(TestJWKs.rsa, kid: "rsa-1", ops: ["sign", "verify"])])
    ]) { $1 }

    @Test("development serves project gatehouse-dev and takes any non-empty key")
    func developmentDefaults() throws {
        let firebase = try Self.read([:])
        #expect(firebase.projectId == "gatehouse-dev")
        #expect(firebase.apiKeys.isEmpty)
        #expect(firebase.accepts(apiKey: "anything"))
        #expect(!firebase.accepts(apiKey: ""))
    }

    @Test("production serves no project unless one is set, and then needs its keys")
    func productionRules() throws {
        #expect(try Self.read(Self.production).projectId == nil)
        #expect(throws: ConfigurationError.self) {
            try Self.read(Self.production.merging(["GATEHOUSE_FIREBASE_PROJECT_ID": "my-project"]) { $1 })
        }
        let firebase = try Self.read(
            Self.productionWithKeys.merging(["GATEHOUSE_FIREBASE_PROJECT_ID": "my-project", "GATEHOUSE_FIREBASE_API_KEYS": " k1 ,k2,"]) {
                $1
            })
        #expect(firebase.projectId == "my-project")
        #expect(firebase.apiKeys == ["k1", "k2"])
        #expect(firebase.accepts(apiKey: "k2"))
        #expect(!firebase.accepts(apiKey: "k3"))
    }

    @Test("production serves Firebase only with an RS256 signing key (ID tokens are RS256 with a kid)")
    func productionNeedsAnRS256Key() throws {
        let project = ["GATEHOUSE_FIREBASE_PROJECT_ID": "my-project", "GATEHOUSE_FIREBASE_API_KEYS": "k1"]
        #expect(throws: ConfigurationError.self) { try Self.read(Self.production.merging(project) { $1 }) }
        let ecOnly = Self.production.merging(project) { $1 }.merging([
            "GATEHOUSE_JWT_KEYS": SigningKeysTests.json([SigningKeysTests.jwk(TestJWKs.ec, kid: "ec-1", ops: ["sign", "verify"])])
        ]) { $1 }
        #expect(throws: ConfigurationError.self) { try Self.read(ecOnly) }
        #expect(try Self.read(Self.productionWithKeys.merging(project) { $1 }).projectId == "my-project")
    }

    @Test(
        "malformed project ids and key lists stop the start",
        arguments: [
            ("GATEHOUSE_FIREBASE_PROJECT_ID", "Upper-Case"), ("GATEHOUSE_FIREBASE_PROJECT_ID", "short"),
            ("GATEHOUSE_FIREBASE_PROJECT_ID", "1starts-with-digit"), ("GATEHOUSE_FIREBASE_PROJECT_ID", "ends-with-hyphen-"),
            ("GATEHOUSE_FIREBASE_PROJECT_ID", String(repeating: "a", count: 31)), ("GATEHOUSE_FIREBASE_API_KEYS", ",,"),
            ("GATEHOUSE_FIREBASE_API_KEYS", "good,bad\u{7F}key"),
        ])
    func invalidValues(name: String, value: String) {
        #expect(throws: ConfigurationError.self) { try Self.read([name: value]) }
    }
}
