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

@Suite("Password sign-in failure budget")
struct SignInBudgetTests {
    static let limit = 4

    static func configure(_ configuration: inout ServerConfiguration) {
        configuration.autoconfirm = true
        configuration.signInFailureLimit = limit
        configuration.signInFailureWindow = 300
    }

    @Test("parallel wrong passwords get no more checks than the budget; then the right one waits too", arguments: Backend.all)
    func parallelGuesses(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("budget")
            #expect(try await api.signUp(email).status == .ok)
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for n in 0..<20 { group.addTask { try await api.signIn(email, "wrong-password-\(n)") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let checked = replies.filter { $0.errorCode == "invalid_credentials" }.count
            let held = replies.filter { $0.status == .tooManyRequests && $0.errorCode == "over_request_rate_limit" }.count
            #expect(checked == Self.limit, "\(replies.map(\.status.code))")
            #expect(held == 20 - Self.limit)
            let right = try await api.signIn(email, TestServer.password)
            #expect(right.status == .tooManyRequests)
            #expect(right.headers[.retryAfter].flatMap { Int($0) }.map { (1...300).contains($0) } == true)
        }
    }

    @Test(
        "defaults as documented; bad settings are start-up errors",
        arguments: [
            ("GATEHOUSE_SIGNIN_FAILURE_LIMIT", "-1"), ("GATEHOUSE_SIGNIN_FAILURE_LIMIT", "many"),
            ("GATEHOUSE_SIGNIN_FAILURE_WINDOW", "0"), ("GATEHOUSE_RATE_LIMIT_IPV6_PREFIX", "129"),
            ("GATEHOUSE_RATE_LIMIT_IPV6_PREFIX", "16"),
        ])
    func settings(name: String, value: String) throws {
        let secret = ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)]
        let defaults = try ServerConfiguration.fromEnvironment(secret)
        #expect(defaults.signInFailureLimit == 10)
        #expect(defaults.signInFailureWindow == 300)
        #expect(defaults.rateLimits.ipv6Prefix == 64)
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(secret.merging([name: value]) { $1 }) }
    }

    @Test("IPv6 clients share a bucket per prefix")
    func ipv6Keys() {
        let limiter = RateLimiter(.init(perFiveMinutes: 1, burst: 1), ipv6Prefix: 64)
        #expect(limiter.key(of: "2001:db8:1:2::1") == limiter.key(of: "2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(limiter.key(of: "2001:db8:1:2::1") != limiter.key(of: "2001:db8:1:3::1"))
        #expect(limiter.key(of: "203.0.113.9") == "203.0.113.9")
        #expect(RateLimiter(.init(perFiveMinutes: 1, burst: 1), ipv6Prefix: 128).key(of: "2001:db8::1") == "2001:db8::1/128")
    }
}
