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

/// Settings for operating the server: HTTP timeouts, session limits, database TLS.
@Suite("Operations settings")
struct OperationsConfigurationTests {
    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)].merging(extra) { $1 }
    }

    @Test("HTTP timeouts: defaults and values")
    func httpTimeouts() throws {
        let defaults = try ServerConfiguration.fromEnvironment(Self.env()).httpTimeouts
        #expect((defaults.header, defaults.read, defaults.idle) == (10, 30, 60))
        let set = try ServerConfiguration.fromEnvironment(
            Self.env([
                "GATEHOUSE_HTTP_HEADER_TIMEOUT": "5", "GATEHOUSE_HTTP_READ_TIMEOUT": "20", "GATEHOUSE_HTTP_IDLE_TIMEOUT": "90",
            ])
        ).httpTimeouts
        #expect((set.header, set.read, set.idle) == (5, 20, 90))
    }

    @Test(
        "bad HTTP timeouts stop the start",
        arguments: [
            ("GATEHOUSE_HTTP_HEADER_TIMEOUT", "0"), ("GATEHOUSE_HTTP_READ_TIMEOUT", "3601"), ("GATEHOUSE_HTTP_IDLE_TIMEOUT", "soon"),
        ])
    func badHTTPTimeouts(name: String, value: String) {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(Self.env([name: value])) }
    }

    @Test("shutdown timeout: default 10 s, bounded")
    func shutdownTimeout() throws {
        #expect(try ServerConfiguration.fromEnvironment(Self.env()).shutdownTimeout == 10)
        #expect(try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_SHUTDOWN_TIMEOUT": "3"])).shutdownTimeout == 3)
        for bad in ["0", "301", "later"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_SHUTDOWN_TIMEOUT": bad]))
            }
        }
    }

    @Test("sslmode: libpq's four modes are read, with sslrootcert")
    func sslModes() throws {
        let base = "postgres://u:p@db.example.com:5432/app"
        #expect(try PostgresTLS(url: base) == PostgresTLS(mode: .disable))
        for mode in PostgresTLS.Mode.allCases {
            #expect(try PostgresTLS(url: base + "?sslmode=\(mode.rawValue)").mode == mode)
        }
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("ops-ca-\(UUID().uuidString).pem").path
        FileManager.default.createFile(atPath: bundle, contents: Data("not a certificate".utf8))
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        let parsed = try PostgresTLS(url: base + "?sslmode=verify-full&sslrootcert=\(bundle)")
        #expect(parsed == PostgresTLS(mode: .verifyFull, rootCertificatePath: bundle))
        #expect(try PostgresTLS(url: base + "?sslmode=verify-ca&sslrootcert=system").rootCertificatePath == nil)
        // A file that is not PEM fails when the TLS settings are built, before any connection.
        #expect(throws: ConfigurationError.self) { try parsed.clientTLS() }
    }

    @Test(
        "sslmode: allow, prefer, typos and a missing sslrootcert stop the start",
        arguments: [
            "sslmode=prefer", "sslmode=allow", "sslmode=verify_full", "sslmode=REQUIRE", "sslmode=",
            "sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
        ])
    func badSSLModes(query: String) {
        let env = Self.env(["GATEHOUSE_DATABASE_URL": "postgres://u:p@127.0.0.1:5432/app?\(query)"])
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(env) }
    }
}
