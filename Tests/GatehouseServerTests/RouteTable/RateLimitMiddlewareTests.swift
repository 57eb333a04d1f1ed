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
import NIOCore
import Testing

@testable import GatehouseServer

/// The rate limits the route table declares: each limited API route refuses its second call
/// (burst 1) with GoTrue's 429 and `Retry-After` before reading the body, and the Edge Function
/// and REST shapes answer the same refusal in their own envelopes.
@Suite("Route table: rate limits")
struct RateLimitMiddlewareTests {
    enum Bucket: String, Sendable { case otp, token, verify }

    struct LimitedRoute: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        let path: String
        let bucket: Bucket
        var testDescription: String { "\(method) \(path)" }
    }

    static let limitedRoutes: [LimitedRoute] = [
        .init(method: .post, path: "/signup", bucket: .otp),
        .init(method: .post, path: "/token?grant_type=password", bucket: .token),
        .init(method: .post, path: "/recover", bucket: .otp),
        .init(method: .post, path: "/resend", bucket: .otp),
        .init(method: .get, path: "/verify?token=x&type=recovery", bucket: .verify),
        .init(method: .post, path: "/verify", bucket: .verify),
        .init(method: .put, path: "/user", bucket: .otp),
        .init(method: .get, path: "/reauthenticate", bucket: .otp),
    ]

    static func limit(_ bucket: Bucket) -> (inout ServerConfiguration) -> Void {
        { configuration in
            configuration.rateLimits.burst = 1
            switch bucket {
            case .otp: configuration.rateLimits.otpPerFiveMinutes = 1
            case .token: configuration.rateLimits.tokenPerFiveMinutes = 1
            case .verify: configuration.rateLimits.verifyPerFiveMinutes = 1
            }
        }
    }

    @Test(
        "a limited route's second call is 429 before its body or token is read; both mounts share the bucket",
        arguments: Backend.all, limitedRoutes)
    func refusedBeforeTheBody(_ backend: Backend, route: LimitedRoute) async throws {
        try await TestServer.run(backend, configure: Self.limit(route.bucket)) { api in
            let broken = ByteBuffer(string: "{not json")
            let first = try await api.send(route.method, route.path, raw: broken)
            #expect(first.status != .tooManyRequests, "\(first)")
            // The second call comes in at the root: the same bucket.
            let second = try await api.atRoot.send(route.method, route.path, raw: broken)
            #expect(second.status == .tooManyRequests, "\(second)")
            #expect(second.errorCode == "over_request_rate_limit")
            #expect(second.headers[.retryAfter].flatMap(Int.init) != nil)
        }
    }

    @Test("routes without a limit are never refused", arguments: Backend.all)
    func unlimitedRoutes(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                $0.rateLimits.burst = 1
                $0.rateLimits.otpPerFiveMinutes = 1
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.verifyPerFiveMinutes = 1
            }
        ) { api in
            for _ in 0..<3 {
                let settings = try await api.send(.get, "/settings")
                let health = try await api.send(.get, "/health")
                let probe = try await api.send(.head, "/verify")
                let user = try await api.send(.get, "/user")
                #expect(settings.status == .ok)
                #expect(health.status == .ok)
                #expect(probe.status == .ok)
                #expect(user.status == .unauthorized)
            }
        }
    }

    @Test("the Edge Function answers a limit in its own envelope", arguments: Backend.all)
    func edgeFunctionEnvelope(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.limit(.otp)) { api in
            let send = { try await api.atRoot.send(.post, "/functions/v1/send-reset-email", json: ["email": "a@example.com"]) }
            #expect(try await send().status == .ok)
            let limited = try await send()
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json == .object(["success": .bool(false), "error": .string("Request rate limit reached")]))
            #expect(limited.headers[.retryAfter].flatMap(Int.init) != nil)
        }
    }

    @Test("the REST routes answer a limit in their envelope, and share the OTP bucket", arguments: Backend.all)
    func restEnvelope(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.limit(.otp)) { api in
            let body: [String: Any] = ["email": "a@example.com"]
            #expect(try await api.atRoot.send(.post, "/api/request_password_reset", json: body).status == .ok)
            let limited = try await api.atRoot.send(.post, "/api/reset_password", json: body)
            #expect(limited.status == .tooManyRequests)
            #expect(
                limited.json
                    == .object([
                        "success": .bool(false), "error": .string("over_request_rate_limit"),
                        "message": .string("Request rate limit reached"),
                    ]))
            #expect(limited.headers[.retryAfter].flatMap(Int.init) != nil)
        }
    }
}
