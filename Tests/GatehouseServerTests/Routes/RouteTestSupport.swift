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
import PostgresNIO
import Testing

@testable import GatehouseServer

/// The router tests: one suite per route, each pinning what the route does today as
/// seen from outside (status, body, headers, pages, the mail it sends), through the public
/// entry `buildApplication` only, so they keep passing unchanged while the server's insides are
/// reshaped. The suites are nested here, so `swift test --filter GatehouseServerTests.Routes`
/// runs them all.
///
/// They run one at a time (`.serialized`, which covers the nested suites): all at once, or even
/// one suite at a time each, next to the rest of the server suite and on both engines, they
/// starved the suites that measure real time (session time-boxes, inactivity) on a loaded
/// machine. One at a time they add about as much load as any other suite.
@Suite(.serialized)
enum Routes {
    /// RFC 7636's example pair: the verifier and its S256 challenge.
    static let pkceVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let pkceChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let callback = "https://app.example.com/auth/callback"

    /// The site URL the redirects go to, and no per-address send window (each test that is
    /// about the window turns it back on).
    static func appSite(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = "https://app.example.com"
        configuration.emailSendWindow = 0
    }
}

extension Reply {
    /// The body with the HTML escapes undone, for looking up the texts people read.
    var page: String { ScannerSafeLinkTests.unescapeHTML(text) }

    func shows(_ words: String) -> Bool { page.contains(words) }
}

/// What the dev mailbox (development's mail transport) holds, read through its JSON route.
enum RouteMail {
    /// The messages to `address`, newest first.
    static func messages(_ api: API, to address: String) async throws -> [JSONValue] {
        let reply = try await api.atRoot.send(.get, "/_dev/mail/api/messages?to=\(address)")
        try #require(reply.status == .ok, "\(reply)")
        return try #require(reply["messages"]?.arrayValue, "\(reply)")
    }

    /// The newest message to `address`, once there are at least `count` (bounded wait: the
    /// outbox worker delivers in the background).
    static func newest(_ api: API, to address: String, count: Int = 1) async throws -> JSONValue {
        _ = try await DevMail.newestText(api, to: address, count: count)
        return try #require(try await messages(api, to: address).first)
    }

    /// Queues a recovery email to a fresh registered address and waits for it. The outbox is
    /// worked first in, first out, so every email queued before this one has been dealt with
    /// when it arrives: after it, a missing email is missing for good.
    static func drainOutbox(_ api: API) async throws {
        let marker = TestServer.uniqueEmail("marker")
        try await api.createUser(marker)
        let reply = try await api.send(.post, "/recover", json: ["email": marker])
        try #require(reply.status == .ok, "\(reply)")
        _ = try await newest(api, to: marker)
    }

    /// The `token` query item of an emailed link.
    static func token(in link: String) throws -> String {
        let items = try #require(URLComponents(string: link)?.queryItems, "no query in \(link)")
        return try #require(items.first { $0.name == "token" }?.value, "no token in \(link)")
    }

    /// The 6-digit code of an email's text ("… enter this code …: 123456").
    static func code(in text: String) throws -> String {
        let marker = try #require(text.range(of: "this code"), "no code in \(text)")
        let digits = text[marker.upperBound...].drop { !$0.isNumber }.prefix { $0.isNumber }
        try #require(digits.count == 6, "no 6-digit code in \(text)")
        return String(digits)
    }

    /// The path and query of an emailed link, to send through the router.
    static func path(of link: String) throws -> String {
        try ScannerSafeLinkTests.path(of: link)
    }

    /// Asks for a recovery email for a registered `email` and returns its link once it arrives
    /// (the newest message, once there is one more than before).
    static func recoveryLink(_ api: API, for email: String, query: String = "", json: [String: Any] = [:]) async throws -> String {
        let before = try await messages(api, to: email).count
        let reply = try await api.send(.post, "/recover" + query, json: json.merging(["email": email]) { $1 })
        try #require(reply.status == .ok, "\(reply)")
        return try await DevMail.link(api, to: email, count: before + 1)
    }
}

/// A browser on the pages, with the page's CSRF token at hand.
extension WebFormClient {
    /// GETs `path` and returns its form's CSRF token.
    mutating func csrf(from path: String) async throws -> String {
        let page = try await get(path)
        try #require(page.status == .ok, "\(path): \(page)")
        return try #require(WebFormClient.hiddenField("csrf", in: page), "no CSRF token on \(path)")
    }

    /// Whether this browser is signed in (its `/account` is the account page, not a redirect).
    mutating func isSignedIn() async throws -> Bool {
        try await get("/account").status == .ok
    }
}

extension Routes {
    /// `TestServer.run` on a fresh database of `backend`, whose creation is retried while
    /// PostgreSQL refuses the connection for having too many clients (SQLSTATE 53300): the
    /// whole server suite on PostgreSQL starts near the cluster's `max_connections`, and the
    /// scratch database's one administrative connection, unlike the app's pool, does not retry.
    /// Bounded: 100 tries, 50 ms apart.
    static func run(
        _ backend: Backend,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (API) async throws -> Void
    ) async throws {
        let database = try await scratchDatabase(backend)
        do {
            try await TestServer.run(on: database, configure: configure, body)
        } catch let error as PSQLError {
            Issue.record("PostgreSQL: \(String(reflecting: error))")
            await database.drop()
            throw error
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }

    static func scratchDatabase(_ backend: Backend) async throws -> ScratchDatabase {
        for _ in 0..<100 {
            do {
                return try await ScratchDatabase.make(backend)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "53300" {
                // Real time: PostgreSQL takes new connections once other tests close theirs.
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return try await ScratchDatabase.make(backend)
    }
}
