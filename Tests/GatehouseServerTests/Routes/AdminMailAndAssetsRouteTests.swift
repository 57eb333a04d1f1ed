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
import GatehouseCore
import HTTPTypes
import Testing

@testable import GatehouseServer

extension Routes {
    /// `GET /auth/v1/admin/mail` (the outbox's counts by state, service role only) and
    /// `GET /assets/{name}` (the pages' static files, versioned and cacheable).
    @Suite("GET /admin/mail and /assets/{name}")
    struct AdminMailAndAssets {
        @Test("admin/mail: service role only; counts a sent email and the skipped no-op of an unknown address", arguments: Backend.all)
        func adminMail(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let anonymous = try await api.send(.get, "/admin/mail")
                #expect(anonymous.status == .unauthorized, "\(anonymous)")
                let user = try await api.signedInUser()
                let asUser = try await api.send(.get, "/admin/mail", bearer: user.accessToken)
                #expect(asUser.status == .forbidden, "\(asUser)")

                let registered = TestServer.uniqueEmail("outbox")
                try await api.createUser(registered)
                #expect(try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail("nobody")]).status == .ok)
                #expect(try await api.send(.post, "/recover", json: ["email": registered]).status == .ok)
                _ = try await RouteMail.newest(api, to: registered)
                try await RouteMail.drainOutbox(api)

                // The marker is in the mailbox once delivered, but its job is marked sent only
                // after that: wait (bounded) until nothing is pending or being sent.
                var status = try await api.send(.get, "/admin/mail", bearer: api.serviceRoleToken)
                for _ in 0..<600 where status["pending"]?.intValue != 0 || status["sending"]?.intValue != 0 {
                    // Polled: the worker announces nothing a test could await.
                    try await Task.sleep(for: .milliseconds(50))
                    status = try await api.send(.get, "/admin/mail", bearer: api.serviceRoleToken)
                }
                #expect(status.status == .ok, "\(status)")
                #expect(status["sent"]?.intValue == 2, "the email and the marker: \(status)")
                #expect(status["skipped"]?.intValue == 1, "\(status)")
                #expect(status["dead"]?.intValue == 0 && status["pending"]?.intValue == 0, "\(status)")
                #expect(
                    status.json?.keys.contains { $0.lowercased().hasPrefix("dead") && $0 != "dead" } == true, "no dead jobs list: \(status)"
                )
                let atRoot = try await api.atRoot.send(.get, "/admin/mail", bearer: api.serviceRoleToken)
                #expect(atRoot.status == .ok && atRoot["sent"] == status["sent"], "\(atRoot)")
            }
        }

        @Test("assets: the file with its type, a long cache for the versioned URL, 304 for its ETag, 404 for an unknown name")
        func assets() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let login = try await browser.get("/login")
                let start = try #require(login.text.range(of: "/assets/gatehouse.css?v="), "the page links no stylesheet")
                let versioned = String(login.text[start.lowerBound...].prefix { $0 != "\"" })
                let css = try await api.atRoot.send(.get, versioned)
                #expect(css.status == .ok && css.header("Content-Type")?.hasPrefix("text/css") == true, "\(css.headers)")
                #expect(css.header("Cache-Control") == "public, max-age=31536000, immutable", "\(css.headers)")
                #expect(css.header("X-Content-Type-Options") == "nosniff")
                #expect(css.text.isEmpty == false)
                let etag = try #require(css.header("ETag"))

                let plain = try await api.atRoot.send(.get, "/assets/gatehouse.css")
                #expect(plain.status == .ok && plain.header("Cache-Control") == "public, max-age=3600", "\(plain.headers)")
                let cached = try await api.atRoot.send(.get, "/assets/gatehouse.css", headers: [.ifNoneMatch: etag])
                #expect(cached.status == .notModified && cached.text.isEmpty, "\(cached)")
                for name in ["gatehouse.js", "logo.svg"] {
                    #expect(try await api.atRoot.send(.get, "/assets/\(name)").status == .ok, "\(name)")
                }
                let missing = try await api.atRoot.send(.get, "/assets/no-such-file.css")
                #expect(missing.status == .notFound, "\(missing)")
            }
        }
    }
}
