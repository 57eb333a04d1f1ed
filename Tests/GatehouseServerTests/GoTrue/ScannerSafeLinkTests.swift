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
import NIOCore
import Testing

@testable import GatehouseServer

/// Emailed links must survive a mail scanner: a GET or HEAD of the link shows a
/// page with one button and spends nothing; only the POST that button makes spends the token
/// and sends the browser on (303), as GoTrue's GET did.
@Suite("Scanner-safe emailed links")
struct ScannerSafeLinkTests {
    static let callback = "https://app.example.com/auth/callback"

    static func configure(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = "https://app.example.com"
        configuration.emailSendWindow = 0
    }

    @Test("a recovery link with redirect_to: GET shows a button, only its POST spends the token", arguments: Backend.all)
    func recoveryLink(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("scanner")
            try await api.createUser(email)
            let reply = try await api.send(.post, "/recover?redirect_to=\(Self.callback)", json: ["email": email])
            try #require(reply.status == .ok, "\(reply)")
            let link = try await DevMail.link(api, to: email)
            try await Self.expectScannerSafe(api, link: link, type: "recovery")
        }
    }

    @Test("a sign-up confirmation link: GET shows a button, only its POST confirms", arguments: Backend.all)
    func confirmationLink(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("scanner")
            let signUp = try await api.send(
                .post, "/signup?redirect_to=\(Self.callback)", json: ["email": email, "password": TestServer.password])
            try #require(signUp.status == .ok, "\(signUp)")
            let link = try await DevMail.link(api, to: email)
            try await Self.expectScannerSafe(api, link: link, type: "signup")
            #expect(try await api.signIn(email).status == .ok)
        }
    }

    @Test("a PKCE recovery link: GET shows a button, its POST answers with ?code=", arguments: Backend.all)
    func pkceLink(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.configure) { api in
            let email = TestServer.uniqueEmail("scanner")
            try await api.createUser(email)
            let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
            let reply = try await api.send(
                .post, "/recover?redirect_to=\(Self.callback)",
                json: ["email": email, "code_challenge": challenge, "code_challenge_method": "s256"]
            )
            try #require(reply.status == .ok, "\(reply)")
            let link = try await DevMail.link(api, to: email)
            let path = try Self.path(of: link)
            for method in [HTTPRequest.Method.get, .head, .get] {
                let opened = try await api.atRoot.send(method, path)
                #expect(opened.status == .ok, "\(method) \(opened)")
                #expect(opened.header("Location") == nil)
            }
            let clicked = try await Self.click(api, page: try await api.atRoot.send(.get, path))
            #expect(clicked.status == .seeOther)
            #expect(clicked.header("Location")?.hasPrefix(Self.callback + "?code=") == true, "\(clicked.headers)")
        }
    }

    /// Opens the link as a scanner would (GET, HEAD, GET), then clicks the page's one button.
    static func expectScannerSafe(_ api: API, link: String, type: String) async throws {
        let path = try path(of: link)
        for method in [HTTPRequest.Method.get, .head, .get] {
            let opened = try await api.atRoot.send(method, path)
            #expect(opened.status == .ok, "\(method) \(opened)")
            #expect(opened.header("Location") == nil, "\(method) spent the link")
            #expect(opened.header("Referrer-Policy") == "no-referrer")
            #expect(opened.header("Cache-Control")?.contains("no-store") == true)
        }
        let page = try await api.atRoot.send(.get, path)
        #expect(page.text.components(separatedBy: "<button").count == 2, "one button: \(page.text)")
        let clicked = try await click(api, page: page)
        #expect(clicked.status == .seeOther, "\(clicked)")
        let location = try #require(clicked.header("Location"))
        #expect(location.hasPrefix(Self.callback + "#"), "\(location)")
        #expect(location.contains("access_token=") && location.contains("type=\(type)"), "\(location)")

        // The token is spent now: opening the link again says so, as GoTrue's error redirect.
        let again = try await api.atRoot.send(.get, path)
        #expect(again.status == .seeOther)
        #expect(again.header("Location")?.contains("error_code=otp_expired") == true)
    }

    /// Posts the page's form (its action and hidden fields) as a browser would.
    static func click(_ api: API, page: Reply) async throws -> Reply {
        let form = try #require(page.text.range(of: "<form method=\"post\" action=\""), "no form: \(page.text)")
        let action = String(page.text[form.upperBound...].prefix { $0 != "\"" })
        var fields: [String] = []
        for piece in page.text.components(separatedBy: "<input type=\"hidden\" name=\"").dropFirst() {
            let name = String(piece.prefix { $0 != "\"" })
            let afterValue = try #require(piece.range(of: "value=\""))
            let value = unescapeHTML(String(piece[afterValue.upperBound...].prefix { $0 != "\"" }))
            fields.append(name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value))
        }
        let target = action.hasPrefix("/") ? action : "/auth/v1/" + action
        return try await api.atRoot.send(
            .post, target, raw: ByteBuffer(string: fields.joined(separator: "&")),
            headers: [.contentType: "application/x-www-form-urlencoded"]
        )
    }

    static func unescapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&#x2F;", with: "/").replacingOccurrences(of: "&#x3D;", with: "=")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func path(of link: String) throws -> String {
        let components = try #require(URLComponents(string: link))
        return components.percentEncodedPath + "?" + (components.percentEncodedQuery ?? "")
    }
}
