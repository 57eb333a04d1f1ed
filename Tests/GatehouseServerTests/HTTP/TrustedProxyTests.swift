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

import HTTPTypes
import Testing

@testable import GatehouseServer

@Suite("Trusted proxies and the forwarded client address")
struct TrustedProxyTests {
    static let secret = String(repeating: "s", count: 32)

    static func configuration(_ extra: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(["GATEHOUSE_JWT_SECRET": secret].merging(extra) { $1 })
    }

    @Test("GATEHOUSE_TRUSTED_PROXIES: CIDRs and bare addresses, IPv4 and IPv6; empty by default")
    func parsesTheList() throws {
        #expect(try Self.configuration([:]).rateLimits.trustedProxies.isEmpty)
        let c = try Self.configuration(["GATEHOUSE_TRUSTED_PROXIES": " 10.0.0.0/8, 192.0.2.1 ,fd00::/8, ::1 "])
        let proxies = c.rateLimits.trustedProxies
        #expect(proxies.count == 4)
        #expect(proxies.contains(IPAddress("10.200.3.4")!))
        #expect(!proxies.contains(IPAddress("11.0.0.1")!))
        #expect(proxies.contains(IPAddress("192.0.2.1")!))
        #expect(!proxies.contains(IPAddress("192.0.2.2")!))
        #expect(proxies.contains(IPAddress("fd12:3456::1")!))
        #expect(proxies.contains(IPAddress("::1")!))
        #expect(!proxies.contains(IPAddress("::2")!))
        // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6 addresses.
        #expect(proxies.contains(IPAddress("::ffff:10.1.2.3")!))
    }

    @Test(
        "a malformed proxy entry is a start-up error",
        arguments: [
            "10.0.0.0/33", "10.0.0/8", "fd00::/129", "example.com", "10.0.0.0/-1", "10.0.0.0/", "1.2.3.4/8/8", "::g",
        ])
    func malformedEntries(_ entry: String) {
        #expect(throws: ConfigurationError.self) { try Self.configuration(["GATEHOUSE_TRUSTED_PROXIES": entry]) }
    }

    @Test("a forwarded-address header without trusted proxies is a start-up error, not silently ignored")
    func headerNeedsProxies() throws {
        #expect(throws: ConfigurationError.self) { try Self.configuration(["GATEHOUSE_RATE_LIMIT_HEADER": "X-Forwarded-For"]) }
        let c = try Self.configuration(["GATEHOUSE_RATE_LIMIT_HEADER": "X-Real-IP", "GATEHOUSE_TRUSTED_PROXIES": "127.0.0.1"])
        #expect(c.rateLimits.clientAddressHeader == "X-Real-IP")
    }

    @Test(
        "the client is the right-most hop that is not a trusted proxy",
        arguments: [
            // (peer, header, expected client)
            ("127.0.0.1", "203.0.113.9", "203.0.113.9"),
            ("127.0.0.1", "1.1.1.1, 203.0.113.9", "203.0.113.9"),
            ("127.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.5", "203.0.113.9"),
            ("127.0.0.1", "10.0.0.7, 10.0.0.5", "10.0.0.7"),
            ("127.0.0.1", "junk, 2001:DB8::1", "2001:db8::1"),
            ("127.0.0.1", "203.0.113.9, junk", "127.0.0.1"),
            ("127.0.0.1", "", "127.0.0.1"),
            ("198.51.100.1", "203.0.113.9", "198.51.100.1"),
            ("::ffff:127.0.0.1", "203.0.113.9", "203.0.113.9"),
        ])
    func rightMostUntrustedHop(peer: String, header: String, expected: String) throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8")
        #expect(proxies.client(peer: peer, forwarded: header.isEmpty ? [] : [header]) == expected)
    }

    @Test("through the router: with no trusted peer a forwarded header buys no new bucket", arguments: Backend.all)
    func untrustedPeerThroughTheRouter(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 2
                $0.rateLimits.clientAddressHeader = "X-Forwarded-For"
                $0.rateLimits.trustedProxies = try! TrustedProxies(parsing: "10.0.0.0/8")
            }
        ) { api in
            let statuses = try await RateLimitTests.statuses(api, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
            #expect(statuses == [400, 400, 429])
        }
    }
}
