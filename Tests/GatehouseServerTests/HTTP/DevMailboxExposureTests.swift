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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The development mailbox holds every email's links and codes: no CORS on
/// `/_dev/*`, so no other site's script can read it; and development mode, which mounts it,
/// refuses to listen on a non-loopback address unless explicitly allowed, and then the mailbox
/// routes are not mounted.
@Suite("Dev mailbox exposure")
struct DevMailboxExposureTests {
    static let evil: HTTPFields = [.origin: "https://evil.example"]

    @Test("no CORS on /_dev/*, while the API keeps it")
    func noCORSOnDevRoutes() async throws {
        // Even an origin the API allows gets none on the mailbox.
        try await TestServer.run(.sqlite, configure: { $0.corsAllowedOrigins = .only(["https://evil.example"]) }) { api in
            let web = api.atRoot
            let read = try await web.send(.get, "/_dev/mail/api/messages", headers: Self.evil)
            #expect(read.status == .ok)
            #expect(read.header("Access-Control-Allow-Origin") == nil, "\(read.headers)")
            var preflight = Self.evil
            preflight[HTTPField.Name("Access-Control-Request-Method")!] = "DELETE"
            for path in ["/_dev/mail/api/messages", "/_dev/mail"] {
                let options = try await web.send(.options, path, headers: preflight)
                #expect(options.header("Access-Control-Allow-Origin") == nil, "\(path): \(options.headers)")
                #expect(options.header("Access-Control-Allow-Methods") == nil, "\(path): \(options.headers)")
            }
            let settings = try await api.send(.get, "/settings", headers: Self.evil)
            #expect(settings.header("Access-Control-Allow-Origin") == "https://evil.example")
        }
    }

    @Test(
        "development on a non-loopback address is a startup error unless allowed",
        arguments: ["0.0.0.0", "::", "10.1.2.3", "gatehouse.internal"])
    func nonLoopbackDevelopment(host: String) throws {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_HOST": host]))
        }
        let allowed = try ServerConfiguration.fromEnvironment(
            ConfigurationTests.env([
                "GATEHOUSE_HOST": host, "GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK": "true",
            ]))
        #expect(allowed.allowDevelopmentOnNetwork)
        #expect(allowed.servesDevMailbox == false)
        // Production is meant for the network.
        #expect(throws: Never.self) {
            try ServerConfiguration.fromEnvironment(
                ConfigurationTests.env([
                    "GATEHOUSE_HOST": host, "GATEHOUSE_ENV": "production", "GATEHOUSE_SMTP_HOST": "smtp.example.com",
                    "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
                ]))
        }
    }

    @Test("loopback addresses are fine in development", arguments: ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
    func loopbackDevelopment(host: String) throws {
        let configuration = try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_HOST": host]))
        #expect(configuration.servesDevMailbox)
    }

    @Test("a bad value of the new setting is a startup error")
    func badSetting() {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK": "perhaps"]))
        }
    }

    @Test("allowed on the network, development mounts no dev mailbox")
    func noMailboxOnTheNetwork() async throws {
        try await TestServer.run(
            .sqlite,
            configure: { configuration in
                configuration.host = "0.0.0.0"
                configuration.allowDevelopmentOnNetwork = true
            }
        ) { api in
            let messages = try await api.atRoot.send(.get, "/_dev/mail/api/messages")
            let page = try await api.atRoot.send(.get, "/_dev/mail")
            #expect(messages.status == .notFound)
            #expect(page.status == .notFound)
        }
    }
}
