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

/// `GATEHOUSE_PASSWORD_BREACH_API`: off by default, an http(s) URL, HTTPS in production unless
/// the range API runs on a loopback host.
@Suite("GATEHOUSE_PASSWORD_BREACH_API")
struct PasswordBreachConfigurationTests {
    static func read(_ extra: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(extra))
    }

    static func production(_ api: String) -> [String: String] {
        FirebaseConfigurationTests.production.merging(["GATEHOUSE_PASSWORD_BREACH_API": api]) { $1 }
    }

    @Test("off unless set")
    func offByDefault() throws {
        #expect(try Self.read([:]).passwordBreach.rangeAPI == nil)
    }

    @Test("an https URL is taken without its trailing slash")
    func goodValue() throws {
        let configuration = try Self.read(["GATEHOUSE_PASSWORD_BREACH_API": "https://api.pwnedpasswords.com/range/"])
        #expect(configuration.passwordBreach.rangeAPI == "https://api.pwnedpasswords.com/range")
        #expect(try Self.read(Self.production("https://api.pwnedpasswords.com/range")).passwordBreach.rangeAPI != nil)
        #expect(try Self.read(Self.production("http://127.0.0.1:8080/range")).passwordBreach.rangeAPI != nil)
    }

    @Test(
        "not an http(s) URL: a start-up error naming the setting",
        arguments: ["ftp://example.com/range", "range", "https://", "https://h/x?y=1"])
    func badValue(_ value: String) {
        #expect {
            try Self.read(["GATEHOUSE_PASSWORD_BREACH_API": value])
        } throws: { error in
            "\(error)" == "GATEHOUSE_PASSWORD_BREACH_API=\(value) is not an http(s) URL"
        }
    }

    @Test("production refuses plain http to another host")
    func productionNeedsTLS() {
        #expect {
            try Self.read(Self.production("http://breaches.example.com/range"))
        } throws: { error in
            "\(error)".hasPrefix("GATEHOUSE_PASSWORD_BREACH_API must be an https URL when GATEHOUSE_ENV=production")
        }
    }
}
