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

/// `redirect_to` targets that a browser would read differently from a lax parser,
/// and allow-list globs that must not cross a separator (11.2). Each is sent as an app would, on
/// `POST /recover?redirect_to=`, and the emailed link must carry the site URL instead.
@Suite("Redirect targets")
struct RedirectTargetTests {
    static let site = "https://app.example.com"
    static let allowList = [
        "https://*.example.com", "https://*.partner.example.com/reset/**", "myapp://auth/callback", "http://localhost:*/**",
    ]

    static let refused = [
        "https://evil.com\\@app.example.com/",  // a backslash: browsers read evil.com
        "https://evil.com\\.app.example.com/",
        "https://app.example.com@evil.com/",  // userinfo
        "https://user:pass@app.example.com/",
        "//evil.com/",  // scheme-relative
        "https:evil.com",  // scheme-only
        "https:/evil.com",
        "https://evil.com%2f@app.example.com/",  // encoded separators in the authority
        "https://evil.com%40app.example.com/",
        "https://app.example.com%2eevil.com/",
        "https://app.example.com /",  // whitespace, control characters
        "https://app.example.com\t.evil.com/",
        "https://app.example.com\n.evil.com/",
        "javascript:alert(1)//https://app.example.com/",
        "JavaScript://app.example.com/%0aalert(1)",
        "data:text/html,<script>alert(1)</script>",
        "https://app.example.com:8443/",  // another port
        "http://app.example.com/",  // another scheme
        "https://app.example.com/../../evil",  // dot segments
        "https://app.example.com/%2e%2e/evil",
        // 11.2: a glob's `*` stays inside one host label, and the pattern's path must match.
        "https://16909060?.example.com/",
        "https://16909060#.example.com/",
        "https://16909060/.example.com/",
        "https://16909060@.example.com/",
        "https://16909060\\.example.com/",
        "https://16909060?.example.com",
        "https://16909060#.example.com",
        "https://16909060@.example.com",
        "https://a.b.example.com",
        "https://evil.com/.example.com",
        "https://eu.partner.example.com/other",
        "https://eu.partner.example.com/reset/../../other",
        "myapp://auth/callback/../../other",
        "myapp://evil/callback",
    ]

    static let allowed = [
        "https://app.example.com/account/reset",
        "https://APP.example.com:443/account",
        "https://eu.example.com",
        "https://eu.partner.example.com/reset",
        "https://eu.partner.example.com/reset/deep/er",
        "myapp://auth/callback",
        "http://localhost:3000/callback",
    ]

    static func configure(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = site
        configuration.redirectAllowList = allowList
        configuration.emailSendWindow = 0
        configuration.recoveryLink = .verify
    }

    @Test("a refused redirect_to falls back to the site URL in the emailed link", arguments: Backend.all)
    func refusedTargets(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("redirect")
            try await api.createUser(email)
            for (index, target) in Self.refused.enumerated() {
                let link = try await Self.recoveryLink(api, email: email, redirectTo: target, count: index + 1)
                #expect(Self.query(of: link)["redirect_to"] == Self.site, "\(target) -> \(link)")
            }
        }
    }

    @Test("an allowed redirect_to is kept in the emailed link", arguments: Backend.all)
    func allowedTargets(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("redirect")
            try await api.createUser(email)
            for (index, target) in Self.allowed.enumerated() {
                let link = try await Self.recoveryLink(api, email: email, redirectTo: target, count: index + 1)
                #expect(Self.query(of: link)["redirect_to"] == target, "\(target) -> \(link)")
            }
        }
    }

    @Test(
        "a malformed allow-list entry or site URL stops the server at startup",
        arguments: [
            ("GATEHOUSE_REDIRECT_ALLOW_LIST", "https://ok.example.com, https://evil.com\\@ok.example.com"),
            ("GATEHOUSE_REDIRECT_ALLOW_LIST", "https:*.example.com"),
            ("GATEHOUSE_REDIRECT_ALLOW_LIST", "https://user@*.example.com/**"),
            ("GATEHOUSE_SITE_URL", "https://user@app.example.com"),
            ("GATEHOUSE_SITE_URL", "app.example.com"),
        ])
    func malformedSettings(name: String, value: String) {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(ConfigurationTests.env([name: value])) }
        #expect(throws: Never.self) {
            try ServerConfiguration.fromEnvironment(
                ConfigurationTests.env([
                    "GATEHOUSE_REDIRECT_ALLOW_LIST": "https://*.example.com/**, myapp://auth/callback, http://localhost:*/**",
                    "GATEHOUSE_SITE_URL": "https://app.example.com/",
                ]))
        }
    }

    /// Asks for a recovery email and returns its link, once the outbox delivered the
    /// `count`-th message to `email` (bounded wait).
    static func recoveryLink(_ api: API, email: String, redirectTo: String, count: Int) async throws -> String {
        let encoded = redirectTo.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? redirectTo
        let reply = try await api.send(.post, "/recover?redirect_to=\(encoded)", json: ["email": email])
        try #require(reply.status == .ok, "\(redirectTo): \(reply)")
        return try await DevMail.link(api, to: email, count: count)
    }

    static func query(of link: String) -> [String: String] {
        let items = URLComponents(string: link)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// The dev mailbox, read through the router.
enum DevMail {
    /// The first link of the newest message to `to`, once there are at least `count` (bounded wait).
    static func link(_ api: API, to: String, count: Int = 1) async throws -> String {
        try link(in: try await newestText(api, to: to, count: count))
    }

    /// The first link in an email's `text`.
    static func link(in text: String) throws -> String {
        // No Regex here: concurrent first use of a regex literal crashes on Linux (Swift 6.x).
        let start = try #require(text.range(of: "http://") ?? text.range(of: "https://"), "no link in \(text)")
        let rest = text[start.lowerBound...]
        return String(rest.prefix { !$0.isWhitespace && !"\"'<>".contains($0) })
    }

    static func newestText(_ api: API, to: String, count: Int = 1) async throws -> String {
        for _ in 0..<200 {
            let reply = try await api.atRoot.send(.get, "/_dev/mail/api/messages?to=\(to)")
            if let messages = reply["messages"]?.arrayValue, messages.count >= count, let text = messages[0]["text"]?.stringValue {
                return text
            }
            // Polled: the outbox worker delivers in the background and announces nothing to await.
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no message \(count) to \(to) within 10 s")
        throw CancellationError()
    }
}
