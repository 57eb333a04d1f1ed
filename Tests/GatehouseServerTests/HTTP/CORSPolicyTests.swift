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

/// Which origins a browser lets read the API's answers: by default the site URL's origin and the
/// origins of the redirect allow-list, nothing for any other (no `Access-Control-*` at all, so
/// the browser blocks the call), and the methods and headers the official clients send.
@Suite("CORS policy")
struct CORSPolicyTests {
    static let site = "https://app.example.com"
    static let foreign = "https://evil.example"

    static func defaults(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = site + "/home"
        configuration.redirectAllowList = ["https://*.preview.example.com/**", "http://localhost:*/callback", "myapp://reset"]
    }

    static func preflight(_ api: API, _ path: String, origin: String, method: String = "POST") async throws -> Reply {
        try await api.atRoot.send(
            .options, path,
            headers: [
                .origin: origin, .accessControlRequestMethod: method,
                .accessControlRequestHeaders: "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
            ])
    }

    static func corsHeaders(_ reply: Reply) -> [String] {
        reply.headers.map(\.name.canonicalName).filter { $0.lowercased().hasPrefix("access-control-") }
    }

    static func list(_ value: String?) -> Set<String> {
        Set((value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    @Test("an origin outside the list gets no CORS headers, on preflights and answers", arguments: Backend.all)
    func foreignOrigin(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.defaults) { api in
            for origin in [
                Self.foreign, "null", "http://app.example.com", "https://app.example.com:8443", "https://app.example.com.evil.example",
                "https://a.b.preview.example.com", "http://pr-1.preview.example.com", "https://localhost:5173",
            ] {
                for path in ["/auth/v1/token", "/auth/v1/admin/users", "/auth/v1/user"] {
                    let preflight = try await Self.preflight(api, path, origin: origin)
                    #expect(Self.corsHeaders(preflight) == [], "\(origin) \(path): \(preflight.headers)")
                }
                let admin = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken, headers: [.origin: origin])
                #expect(admin.status == .ok)
                #expect(Self.corsHeaders(admin) == [], "\(origin): \(admin.headers)")
                let error = try await api.signIn("a@b.co", "wrong-password", headers: [.origin: origin])
                #expect(Self.corsHeaders(error) == [], "\(origin): \(error.headers)")
            }
        }
    }

    @Test("the site's origin: reflected, Vary: Origin, the clients' methods and headers, no credentials", arguments: Backend.all)
    func siteOrigin(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.defaults) { api in
            for path in [
                "/auth/v1/token", "/passkeys/3f2a", "/auth/v1/passkeys/3f2a", "/identitytoolkit.googleapis.com/v1/accounts:lookup",
            ] {
                let reply = try await Self.preflight(api, path, origin: Self.site, method: "PATCH")
                #expect(reply.status == .noContent, "\(path): \(reply)")
                #expect(reply.headers[.accessControlAllowOrigin] == Self.site, "\(path): \(reply.headers)")
                #expect(Self.list(reply.headers[values: .vary].joined(separator: ",")).contains("origin"), "\(path): \(reply.headers)")
                #expect(
                    Self.list(reply.headers[.accessControlAllowMethods]) == ["get", "post", "put", "patch", "delete", "options"],
                    "\(path): \(reply.headers)")
                let headers = Self.list(reply.headers[.accessControlAllowHeaders])
                let expected: Set<String> = [
                    "apikey", "authorization", "content-type", "x-client-info", "x-supabase-api-version", "x-client-version",
                    "x-firebase-gmpid", "x-firebase-client", "x-firebase-locale", "x-firebase-appcheck", "x-goog-api-key",
                ]
                #expect(headers.isSuperset(of: expected), "\(path): missing \(expected.subtracting(headers))")
                #expect(reply.headers[.accessControlAllowCredentials] == nil, "\(path): \(reply.headers)")
            }
            let answer = try await api.send(.get, "/settings", headers: [.origin: Self.site])
            #expect(answer.headers[.accessControlAllowOrigin] == Self.site)
            #expect(answer.headers[.accessControlAllowCredentials] == nil)
            #expect(Self.list(answer.headers[values: .vary].joined(separator: ",")).contains("origin"), "\(answer.headers)")
        }
    }

    @Test("the redirect allow-list's origins are allowed, wildcards within one host label", arguments: Backend.all)
    func redirectListOrigins(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.defaults) { api in
            for origin in ["https://pr-1.preview.example.com", "http://localhost:5173", "http://localhost:3000", "myapp://reset"] {
                let reply = try await Self.preflight(api, "/auth/v1/token", origin: origin)
                #expect(reply.headers[.accessControlAllowOrigin] == origin, "\(origin): \(reply.headers)")
            }
        }
    }

    @Test("the setting replaces the default; `*` answers every origin with `*` and no credentials", arguments: Backend.all)
    func setting(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.defaults(&$0)
                $0.corsAllowedOrigins = .only(["https://other.example:8443"])
            }
        ) { api in
            let listed = try await Self.preflight(api, "/auth/v1/token", origin: "https://other.example:8443")
            #expect(listed.headers[.accessControlAllowOrigin] == "https://other.example:8443", "\(listed.headers)")
            for origin in [Self.site, "https://pr-1.preview.example.com", "https://other.example"] {
                #expect(Self.corsHeaders(try await Self.preflight(api, "/auth/v1/token", origin: origin)) == [], "\(origin)")
            }
        }
        try await TestServer.run(backend, configure: { $0.corsAllowedOrigins = .any }) { api in
            let preflight = try await Self.preflight(api, "/auth/v1/token", origin: Self.foreign)
            #expect(preflight.headers[.accessControlAllowOrigin] == "*", "\(preflight.headers)")
            #expect(preflight.headers[.accessControlAllowCredentials] == nil)
            let answer = try await api.send(.get, "/settings", headers: [.origin: Self.foreign])
            #expect(answer.headers[.accessControlAllowOrigin] == "*", "\(answer.headers)")
            #expect(answer.headers[.accessControlAllowCredentials] == nil)
            #expect(Self.list(answer.headers[.accessControlExposeHeaders]).contains("x-supabase-api-version"))
            // Still none for the dev mailbox.
            let mailbox = try await api.atRoot.send(.get, "/_dev/mail/api/messages", headers: [.origin: Self.foreign])
            #expect(Self.corsHeaders(mailbox) == [], "\(mailbox.headers)")
        }
    }

    @Test("GATEHOUSE_CORS_ALLOWED_ORIGINS: origins or `*` alone; anything else stops the start")
    func parsing() throws {
        func read(_ value: String) throws -> CORSAllowedOrigins? {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_CORS_ALLOWED_ORIGINS": value])).corsAllowedOrigins
        }
        #expect(try ServerConfiguration.fromEnvironment(ConfigurationTests.env()).corsAllowedOrigins == nil)
        #expect(try read("*") == .any)
        #expect(try read(" * ") == .any)
        #expect(
            try read("https://app.example.com, http://localhost:5173,capacitor://localhost")
                == .only(["https://app.example.com", "http://localhost:5173", "capacitor://localhost"]))
        for bad in [
            "https://app.example.com/path", "https://*.example.com", "app.example.com", "null", "https://a.example,*",
            "https://user@a.example", "https://a.example?x=1", "https://a.example#top", "javascript://a.example", ",",
        ] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try read(bad) }
        }
        let error = try #require(throws: ConfigurationError.self) { try read("https://app.example.com/login") }
        #expect(error.description.contains("GATEHOUSE_CORS_ALLOWED_ORIGINS entry https://app.example.com/login is not an origin"))
    }
}
