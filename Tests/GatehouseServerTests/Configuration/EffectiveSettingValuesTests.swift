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

/// `gatehouse config` (and `gatehouse settings --json`) print the values the server runs with:
/// an unset setting whose default is a rule ("the external URL", "`on` in development, `off` in
/// production") shows what the rule comes to, never the rule.
@Suite("Configuration: effective values")
struct EffectiveSettingValuesTests {
    static func values(_ env: [String: String]) throws -> [String: EffectiveSetting] {
        let configuration = try ServerConfiguration.fromEnvironment(env)
        return Dictionary(uniqueKeysWithValues: EffectiveSetting.all(env, configuration: configuration).map { ($0.name, $0) })
    }

    static let production = ConfigurationTests.env(
        ProductionExternalURLTests.production.merging(["GATEHOUSE_EXTERNAL_URL": "https://auth.example.com"]) { $1 })

    @Test("development: the addresses it listens on and the generated secret, masked")
    func development() throws {
        try ConfigurationTests.withTemporaryDirectory { directory in
            let values = try Self.values(["GATEHOUSE_DATA_DIR": directory, "GATEHOUSE_PORT": "4321"])
            #expect(values["GATEHOUSE_EXTERNAL_URL"]?.value == "http://127.0.0.1:4321")
            #expect(values["GATEHOUSE_EXTERNAL_URL"]?.source == .default)
            #expect(values["GATEHOUSE_SITE_URL"]?.value == "http://127.0.0.1:4321")
            #expect(values["GATEHOUSE_DATABASE_URL"]?.value == "sqlite://\(directory)/gatehouse.sqlite")
            #expect(values["GATEHOUSE_JWT_SECRET"]?.value == EffectiveSetting.mask)
            #expect(values["GATEHOUSE_JWT_SECRET"]?.source == .generated)
            let secret = try String(contentsOfFile: directory + "/jwt-secret", encoding: .utf8)
            #expect(!values.values.contains { $0.value.contains(secret) })
            #expect(values["GATEHOUSE_JWT_KEYS"]?.value.contains(directory + "/jwt-signing-key.pem") == true)
            #expect(values["GATEHOUSE_ADMIN_CONSOLE"]?.value == "on")
            #expect(values["GATEHOUSE_METRICS"]?.value == "public")
            #expect(values["GATEHOUSE_MAIL_TRANSPORT"]?.value == "dev-mailbox")
        }
    }

    @Test("production: what its defaults come to")
    func production() throws {
        let values = try Self.values(Self.production)
        #expect(values["GATEHOUSE_EXTERNAL_URL"]?.source == .environment)
        #expect(values["GATEHOUSE_SITE_URL"]?.value == "https://auth.example.com")
        #expect(values["GATEHOUSE_JWT_SECRET"]?.source == .environment)
        #expect(values["GATEHOUSE_JWT_KEYS"]?.value == "none: HS256 with GATEHOUSE_JWT_SECRET")
        #expect(values["GATEHOUSE_ADMIN_CONSOLE"]?.value == "off")
        #expect(values["GATEHOUSE_METRICS"]?.value == "off")
        #expect(values["GATEHOUSE_MAIL_TRANSPORT"]?.value == "smtp")
        #expect(values["GATEHOUSE_SMTP_PORT"]?.value == "587")
        #expect(values["GATEHOUSE_FIREBASE_PROJECT_ID"]?.value.hasPrefix("unset") == true)
    }

    @Test("no unset setting shows a rule that depends on the environment or another setting, nor Markdown")
    func noRules() throws {
        let ruleWords = ["development", "production", "HOST:PORT", "the external URL", "the site URL", "generated"]
        try ConfigurationTests.withTemporaryDirectory { directory in
            for env in [ConfigurationTests.env(["GATEHOUSE_DATA_DIR": directory]), Self.production] {
                let configuration = try ServerConfiguration.fromEnvironment(env)
                for setting in ServerSettings.all {
                    let shown = try #require(EffectiveSetting.all(env, settings: [setting], configuration: configuration).first)
                    #expect(!shown.value.contains("`"), "\(shown)")
                    let literal =
                        setting.shownDefault.hasPrefix("`") && setting.shownDefault.filter { $0 == "`" }.count == 2
                        && setting.shownDefault.hasSuffix("`")
                    if !literal, ruleWords.contains(where: setting.shownDefault.contains) {
                        #expect(shown.value != setting.shownDefault.withoutMarkdownCode, "\(setting.name) shows its rule: \(shown.value)")
                    }
                }
            }
        }
    }
}
