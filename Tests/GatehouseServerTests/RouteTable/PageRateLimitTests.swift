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

/// Pages' rate limits, declared in the route table: a page spends its client's budget only for
/// a well-formed submission and answers a spent budget with its own form and the wait.
@Suite("Route table: page rate limits")
struct PageRateLimitTests {
    @Test("/forgot-password: a malformed address costs nothing; the second request is a 429 page", arguments: Backend.all)
    func forgotPassword(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.otpPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
        ) { api in
            var browser = WebFormClient(api)
            let form = try await browser.get("/forgot-password")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: form))
            #expect(try await browser.post("/forgot-password", ["csrf": csrf, "email": "not-an-address"]).status == .unprocessableContent)
            #expect(try await browser.post("/forgot-password", ["csrf": csrf, "email": "a@example.com"]).status == .ok)
            let limited = try await browser.post("/forgot-password", ["csrf": csrf, "email": "b@example.com"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Too many reset requests. Try again in"))
            #expect(limited.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test("/login uses the token bucket, shared with the API's /token", arguments: Backend.all)
    func login(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
        ) { api in
            var browser = WebFormClient(api)
            let form = try await browser.get("/login")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: form))
            let empty = try await browser.post("/login", ["csrf": csrf, "email": "", "password": ""])
            #expect(empty.status == .unprocessableContent)
            #expect(try await api.signIn("nobody@example.com", "wrong-password").status == .badRequest)
            let limited = try await browser.post("/login", ["csrf": csrf, "email": "nobody@example.com", "password": "wrong-password"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Too many login attempts. Please try again in"))
        }
    }
}
