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

import Testing

@testable import GatehouseServer

/// Production builds every emailed link and the tokens' issuer from `GATEHOUSE_EXTERNAL_URL`:
/// without it (or with a loopback one) every link would point at the server's own
/// `http://127.0.0.1:…`, which no user can open. Such a start is refused.
@Suite("Configuration: production's external URL")
struct ProductionExternalURLTests {
    static let production = ["GATEHOUSE_ENV": "production", "GATEHOUSE_SMTP_HOST": "smtp.example.com"]

    static func read(_ extra: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(production.merging(extra) { $1 }))
    }

    static func error(_ extra: [String: String]) -> String? {
        do {
            _ = try read(extra)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("unset: the start is refused, naming the setting")
    func unset() throws {
        let message = try #require(Self.error([:]))
        #expect(message.contains("GATEHOUSE_EXTERNAL_URL"), "\(message)")
        #expect(message.contains("GATEHOUSE_ENV=production"), "\(message)")
    }

    @Test(
        "a loopback or unusable URL is refused",
        arguments: [
            "http://127.0.0.1:9999", "http://localhost:8080", "https://LOCALHOST", "http://[::1]:9999", "http://127.1.2.3",
            "http://app.localhost:9999", "not a url", "auth.example.com",
        ])
    func loopback(_ url: String) throws {
        let message = try #require(Self.error(["GATEHOUSE_EXTERNAL_URL": url]), "\(url) was accepted")
        #expect(message.contains("GATEHOUSE_EXTERNAL_URL"), "\(message)")
    }

    @Test("a public URL is taken as the issuer's base; development still defaults to its own address")
    func publicURL() throws {
        let configuration = try Self.read(["GATEHOUSE_EXTERNAL_URL": "https://auth.example.com/"])
        #expect(configuration.externalURL == "https://auth.example.com")
        #expect(configuration.issuer == "https://auth.example.com/auth/v1")
        #expect(try Self.read(["GATEHOUSE_EXTERNAL_URL": "http://10.0.0.5:9999"]).externalURL == "http://10.0.0.5:9999")
        let development = try ServerConfiguration.fromEnvironment(ConfigurationTests.env())
        #expect(development.externalURL == "http://127.0.0.1:9999")
    }
}
