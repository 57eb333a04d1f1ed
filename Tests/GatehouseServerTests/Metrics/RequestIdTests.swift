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
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GatehouseServer

/// `X-Request-Id`: taken from a trusted proxy when it is sane, made otherwise, and
/// echoed on the answer. Over a real socket, so the peer is 127.0.0.1.
@Suite("Request ids")
struct RequestIdTests {
    static func get(trusting proxies: String?, header: String?) async throws -> String? {
        var configuration = TestServer.configuration(
            databaseURL: "sqlite://" + NSTemporaryDirectory() + "req-id-\(UUID().uuidString).sqlite")
        if let proxies { configuration.rateLimits.trustedProxies = try TrustedProxies(parsing: proxies) }
        let app = try await buildApplication(configuration: configuration, logger: nil, clock: .system)
        return try await app.test(.live) { client in
            var headers: HTTPFields = [:]
            if let header { headers[HTTPField.Name("X-Request-Id")!] = header }
            let response = try await client.executeRequest(uri: "/health", method: .get, headers: headers, body: nil)
            return response.headers[HTTPField.Name("X-Request-Id")!]
        }
    }

    static func isGenerated(_ id: String?) -> Bool {
        guard let id else { return false }
        return id.count >= 16 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    @Test("a trusted proxy's id is kept and echoed")
    func fromTrustedProxy() async throws {
        #expect(try await Self.get(trusting: "127.0.0.1/32, ::1", header: "edge-7f3a.42") == "edge-7f3a.42")
    }

    @Test("an untrusted client's id is replaced by a fresh one")
    func fromUntrustedClient() async throws {
        let id = try await Self.get(trusting: nil, header: "forged-id-123")
        #expect(id != "forged-id-123")
        #expect(Self.isGenerated(id), "\(id ?? "-")")
    }

    @Test("no id: one is made", arguments: [nil, "127.0.0.1/32, ::1"])
    func made(_ proxies: String?) async throws {
        #expect(Self.isGenerated(try await Self.get(trusting: proxies, header: nil)))
    }

    @Test(
        "a trusted proxy's id that is too long or has odd characters is replaced",
        arguments: [String(repeating: "a", count: 201), "has space", "quote\"d", "new\u{7F}line", "ünï"])
    func insane(_ header: String) async throws {
        let id = try await Self.get(trusting: "127.0.0.1/32, ::1", header: header)
        #expect(id != header)
        #expect(Self.isGenerated(id), "\(id ?? "-")")
    }
}
