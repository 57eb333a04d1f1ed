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

/// Browser clients (supabase-js) read `X-Supabase-Api-Version` to pick the error shape, and the
/// admin list's `X-Total-Count` and `Link`; a browser only lets them read those when the actual
/// response (not just the preflight) lists them in `Access-Control-Expose-Headers`. Only the
/// allowed origins get any of it: by default the site URL's and the redirect allow-list's
/// (`CORSPolicyTests` for the rest of the policy).
@Suite("CORS")
struct CORSTests {
    static let origin = "https://app.example.com"

    /// The app at `origin` is the site: its origin is allowed by default.
    static func site(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = origin + "/welcome"
    }

    static func exposed(_ reply: Reply) -> Set<String> {
        Set(
            (reply.headers[.accessControlExposeHeaders] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
    }

    @Test("preflight: 204 allowing the headers Supabase clients send", arguments: Backend.all)
    func preflight(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.site) { api in
            for client in [api, api.atRoot] {
                let reply = try await client.send(
                    .options, "/token",
                    headers: [
                        .origin: Self.origin, .accessControlRequestMethod: "POST",
                        .accessControlRequestHeaders: "authorization, apikey, x-client-info, x-supabase-api-version, content-type",
                    ])
                #expect(reply.status == .noContent)
                #expect(reply.headers[.accessControlAllowOrigin] == Self.origin)
                let allowed = Set(
                    (reply.headers[.accessControlAllowHeaders] ?? "").split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces).lowercased()
                    })
                #expect(allowed.isSuperset(of: ["authorization", "apikey", "x-client-info", "x-supabase-api-version", "content-type"]))
                #expect(reply.headers[.accessControlAllowMethods]?.contains("PUT") == true)
            }
        }
    }

    @Test("an error answer to a browser exposes X-Supabase-Api-Version", arguments: Backend.all)
    func errorExposesVersion(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.site) { api in
            let reply = try await api.send(
                .post, "/token?grant_type=password", json: ["email": "a@b.co", "password": "wrong-password"], modern: true,
                headers: [.origin: Self.origin]
            )
            #expect(reply.status == .badRequest)
            #expect(reply.headers[.accessControlAllowOrigin] == Self.origin)
            #expect(reply.header("X-Supabase-Api-Version") == "2024-01-01")
            #expect(Self.exposed(reply).contains("x-supabase-api-version"), "\(reply.headers)")
        }
    }

    @Test("the admin list exposes X-Total-Count and Link to a browser", arguments: Backend.all)
    func listExposesPagination(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.site) { api in
            let reply = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken, headers: [.origin: Self.origin])
            #expect(reply.status == .ok)
            #expect(reply.headers[.accessControlAllowOrigin] == Self.origin)
            #expect(Self.exposed(reply).isSuperset(of: ["x-total-count", "link"]), "\(reply.headers)")
        }
    }

    @Test("a 429 exposes Retry-After to a browser", arguments: Backend.all)
    func rateLimitExposesRetryAfter(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.site(&$0)
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
        ) { api in
            _ = try await api.signIn("a@b.co", "wrong-password")
            let reply = try await api.signIn("a@b.co", "wrong-password", headers: [.origin: Self.origin])
            #expect(reply.status == .tooManyRequests)
            #expect(reply.headers[.accessControlAllowOrigin] == Self.origin)
            #expect(Self.exposed(reply).contains("retry-after"), "\(reply.headers)")
        }
    }
}
