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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The pages' CSRF defence: a token is bound to the signed-in session, so a token
/// and nonce fetched anonymously and planted in a victim's browser cannot post its signed-in
/// forms; `Origin: null` and `Sec-Fetch-Site: cross-site`/`same-site` posts are refused;
/// cookies are `__Host-`-prefixed and `Secure` when the external URL is https.
@Suite("Web forms: CSRF")
struct WebCSRFTests {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// A browser signed in as a fresh account, on /account.
    static func signedIn(_ api: API) async throws -> (WebFormClient, Reply) {
        let email = TestServer.uniqueEmail("csrf")
        try await api.createUser(email)
        var browser = WebFormClient(api)
        let login = try await browser.get("/login")
        let csrf = try #require(WebFormClient.hiddenField("csrf", in: login))
        let signedIn = try await browser.post("/login", ["csrf": csrf, "email": email, "password": TestServer.password])
        try #require(signedIn.status == .seeOther && signedIn.header("Location") == "/account", "\(signedIn)")
        let account = try await browser.get("/account")
        try #require(account.status == .ok, "\(account)")
        return (browser, account)
    }

    static func isSignedIn(_ browser: inout WebFormClient) async throws -> Bool {
        try await browser.get("/account").status == .ok
    }

    @Test("an anonymous token and nonce planted in a signed-in browser cannot sign it out", arguments: Backend.all)
    func plantedAnonymousToken(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var attacker = WebFormClient(api)
            let page = try await attacker.get("/login")
            let attackerToken = try #require(WebFormClient.hiddenField("csrf", in: page))
            let attackerNonce = try #require(attacker.cookies["gatehouse_csrf"])

            var (victim, _) = try await Self.signedIn(api)
            victim.cookies["gatehouse_csrf"] = attackerNonce  // planted (plain http, or a sibling subdomain)
            let forged = try await victim.post("/account/sign-out", ["csrf": attackerToken])
            #expect(forged.status == .forbidden, "\(forged.status)")
            victim.cookies["gatehouse_csrf"] = attackerNonce
            #expect(try await Self.isSignedIn(&victim), "the forged post signed the victim out")

            // The victim's own form still works.
            let account = try await victim.get("/account")
            let own = try #require(WebFormClient.hiddenField("csrf", in: account))
            let signOut = try await victim.post("/account/sign-out", ["csrf": own])
            #expect(signOut.status == .seeOther, "\(signOut)")
            #expect(try await Self.isSignedIn(&victim) == false)
        }
    }

    @Test("Origin: null and cross-site or same-site Sec-Fetch-Site posts are refused", arguments: Backend.all)
    func originAndFetchMetadata(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let refusals: [HTTPFields] = [
                [.origin: "null"],
                [Self.secFetchSite: "cross-site"],
                [Self.secFetchSite: "same-site"],
                [.origin: "null", Self.secFetchSite: "cross-site"],
                [.origin: "https://evil.example"],
            ]
            for headers in refusals {
                var (browser, account) = try await Self.signedIn(api)
                let csrf = try #require(WebFormClient.hiddenField("csrf", in: account))
                let reply = try await browser.post("/account/sign-out", ["csrf": csrf], headers: headers)
                #expect(reply.status == .forbidden, "\(headers): \(reply.status)")
                #expect(try await Self.isSignedIn(&browser), "\(headers) signed the browser out")
            }
            // What browsers send for the pages' own posts under `Referrer-Policy: no-referrer`.
            var (browser, account) = try await Self.signedIn(api)
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: account))
            let reply = try await browser.post(
                "/account/sign-out", ["csrf": csrf], headers: [.origin: "null", Self.secFetchSite: "same-origin"]
            )
            #expect(reply.status == .seeOther, "\(reply)")
            #expect(try await Self.isSignedIn(&browser) == false)
        }
    }

    @Test("cookies are __Host- prefixed and Secure when the external URL is https")
    func hostPrefixedCookies() async throws {
        try await TestServer.run(.sqlite, configure: { $0.externalURL = "https://auth.example.com" }) { api in
            var browser = WebFormClient(api)
            let page = try await browser.get("/login")
            let cookie = try #require(page.headers[values: .setCookie].first { $0.hasPrefix("__Host-gatehouse_csrf=") }, "\(page.headers)")
            #expect(cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.lowercased().contains("domain="), "\(cookie)")
        }
    }
}
