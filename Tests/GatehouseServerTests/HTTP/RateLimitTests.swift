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

import GatehouseCore
import HTTPTypes
import Testing

@testable import GatehouseServer

@Suite("Per-client rate limits")
struct RateLimitTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    static func attempt(_ api: API, from address: String? = nil) async throws -> Reply {
        var headers: HTTPFields = [:]
        if let address { headers[forwardedFor] = address }
        return try await api.signIn("nobody@example.com", "wrong-password", headers: headers)
    }

    /// The status codes of one sign-in attempt from each address in turn.
    static func statuses(_ api: API, _ addresses: [String]) async throws -> [Int] {
        var result: [Int] = []
        for address in addresses { result.append(try await attempt(api, from: address).status.code) }
        return result
    }

    @Test("1 per 5 minutes with a burst of 2: the third /token call is 429 with Retry-After", arguments: Backend.all)
    func tokenBucket(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 2
            }
        ) { api in
            #expect(try await Self.attempt(api).errorCode == "invalid_credentials")
            #expect(try await Self.attempt(api).errorCode == "invalid_credentials")
            let limited = try await Self.attempt(api)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "over_request_rate_limit")
            #expect(limited.message == "Request rate limit reached")
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((250...300).contains(retryAfter), "Retry-After: \(retryAfter)")

            // Every grant shares the bucket, and the rejection happens before the body is read.
            let refresh = try await api.send(.post, "/token?grant_type=refresh_token", raw: .init(string: "{bad"))
            #expect(refresh.status == .tooManyRequests)
            // Other endpoint groups have buckets of their own (here: off).
            #expect(try await api.signUp(TestServer.uniqueEmail()).status == .ok)
        }
    }

    @Test("a 429 has the 2024-01-01 shape when asked for", arguments: Backend.all)
    func modernShape(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
        ) { api in
            _ = try await Self.attempt(api)
            let limited = try await api.send(.post, "/token?grant_type=password", json: [:], modern: true)
            #expect(limited.status == .tooManyRequests)
            #expect(limited["code"] == .string("over_request_rate_limit"))
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    /// Router tests have no socket peer; a peer without an address is never a trusted proxy.
    /// (Forwarded addresses from a trusted peer: Conformance/test_ratelimit.py, a real process.)
    @Test("a peer without an address is not a trusted proxy, even when every address is", arguments: Backend.all)
    func forwardedAddresses(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 2
                $0.rateLimits.clientAddressHeader = "X-Forwarded-For"
                $0.rateLimits.trustedProxies = try! TrustedProxies(parsing: "0.0.0.0/0, ::/0")
            }
        ) { api in
            let statuses = try await Self.statuses(api, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
            #expect(statuses == [400, 400, 429])
        }
    }

    @Test("without the configured header, forwarded addresses are ignored", arguments: Backend.all)
    func untrustedHeaderIgnored(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 2
            }
        ) { api in
            let statuses = try await Self.statuses(api, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
            #expect(statuses == [400, 400, 429])
        }
    }

    @Test("the OTP bucket limits /signup", arguments: Backend.all)
    func signUpLimit(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.otpPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
        ) { api in
            #expect(try await api.signUp(TestServer.uniqueEmail()).status == .ok)
            let limited = try await api.signUp(TestServer.uniqueEmail())
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "over_request_rate_limit")
            // The token bucket is separate (off here).
            #expect(try await Self.attempt(api).status == .badRequest)
        }
    }
}
