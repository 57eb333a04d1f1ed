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

import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GatehouseServer

/// The two web middleware on their own, in front of a bare handler: what they hand on and add.
@Suite("Route table: web middleware")
struct WebMiddlewareTests {
    static let security = WebSecurity(jwtSecret: "a-test-secret-of-at-least-32-characters!", externalURL: "http://gatehouse.test")

    /// A form route with only `WebFormCSRFMiddleware` in front; the handler echoes the verdict and a field.
    static func formRouter() -> Router<GatehouseRequestContext> {
        let router = Router(context: GatehouseRequestContext.self)
        router.with(WebFormCSRFMiddleware(security: security, externalURL: "http://gatehouse.test")).post("form") { _, context in
            let submission = context.webForm ?? .unchecked
            return "\(submission.isGenuine) \(submission.form["email"])"
        }
        return router
    }

    static func post(_ client: some TestClientProtocol, csrf: String, nonce: String, origin: String?) async throws -> String {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: "gatehouse_csrf=\(nonce)"]
        if let origin { headers[.origin] = origin }
        let body = ByteBuffer(string: "csrf=\(csrf)&email=a%40example.com")
        return try await client.execute(uri: "/form", method: .post, headers: headers, body: body) { String(buffer: $0.body) }
    }

    @Test("the CSRF middleware hands the parsed form on, genuine only with the browser's token and this server's origin")
    func formVerdict() async throws {
        let nonce = WebSecurity.newNonce()
        let token = Self.security.csrfToken(nonce: nonce, session: "")
        try await Application(router: Self.formRouter()).test(.router) { client in
            let sameOrigin = try await Self.post(client, csrf: token, nonce: nonce, origin: "http://gatehouse.test")
            let noOrigin = try await Self.post(client, csrf: token, nonce: nonce, origin: nil)
            let foreignOrigin = try await Self.post(client, csrf: token, nonce: nonce, origin: "https://evil.test")
            let forgedToken = try await Self.post(client, csrf: "forged", nonce: nonce, origin: "http://gatehouse.test")
            let otherNonce = try await Self.post(client, csrf: token, nonce: WebSecurity.newNonce(), origin: nil)
            #expect(sameOrigin == "true a@example.com")
            #expect(noOrigin == "true a@example.com")
            #expect(foreignOrigin == "false a@example.com")
            #expect(forgedToken == "false a@example.com")
            #expect(otherNonce == "false a@example.com")
        }
    }

    @Test("page answers get every common security header; a CSP the answer chose itself is kept")
    func pageHeaders() async throws {
        let router = Router(context: GatehouseRequestContext.self)
        let pages = router.with(PageSecurityHeadersMiddleware())
        pages.get("plain") { _, _ in Response(status: .ok) }
        pages.get("own") { _, _ in Response(status: .ok, headers: [.contentSecurityPolicy: "default-src 'none'"]) }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/plain", method: .get) { response in
                for field in PageSecurityHeadersMiddleware.headers {
                    #expect(response.headers[field.name] == field.value, "\(field.name)")
                }
                #expect(response.headers[.contentSecurityPolicy]?.contains("form-action 'self';") == true)
            }
            try await client.execute(uri: "/own", method: .get) { response in
                #expect(response.headers[values: .contentSecurityPolicy] == ["default-src 'none'"])
                #expect(response.headers[.referrerPolicy] == "no-referrer")
                #expect(response.headers[.frameOptions] == "DENY")
            }
        }
    }
}
