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
    /// `/login` (login spec 002): GET shows the form (and its notices); POST (CSRF-checked)
    /// validates with the spec's texts, signs in (303 to `/account` with the session cookie), or
    /// shows why not; too many attempts show the spec's rate-limit text.
    @Suite("GET and POST /login")
    struct LoginPage {
        @Test("GET shows the form with a CSRF token and sets the CSRF cookie")
        func getShowsForm() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let page = try await browser.get("/login")
                #expect(page.status == .ok, "\(page)")
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
                for words in ["Sign In", "Remember me", "Forgot password?", "Don't have an account?", "Create one now"] {
                    #expect(page.shows(words), "\(words) missing")
                }
                #expect(WebFormClient.hiddenField("csrf", in: page)?.isEmpty == false)
                #expect(browser.cookies["gatehouse_csrf"]?.isEmpty == false, "\(page.headers)")
                #expect(page.shows("You were logged out due to inactivity") == false)
            }
        }

        @Test("GET notices: ?reason=timeout, ?notice=signed-out, and a confirmation link's ?code=")
        func getNotices() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let cases = [
                    ("?reason=timeout", "You were logged out due to inactivity. Please log in again."),
                    ("?notice=signed-out", "You have been signed out."),
                    ("?code=0b6f7e3c-aaaa-bbbb-cccc-000000000000", "Your email address is confirmed. You can sign in now."),
                ]
                for (query, words) in cases {
                    let page = try await browser.get("/login" + query)
                    #expect(page.status == .ok)
                    #expect(page.shows(words), "\(query): \(page.page)")
                }
            }
        }

        @Test("POST signs in: 303 to /account with the session cookie; /login then goes to /account", arguments: Backend.all)
        func postSignsIn(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let email = TestServer.uniqueEmail("login")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/login")
                let nonceBefore = browser.cookies["gatehouse_csrf"]
                let reply = try await browser.post(
                    "/login", ["csrf": csrf, "email": "  \(email.uppercased()) ", "password": TestServer.password])
                #expect(reply.status == .seeOther, "\(reply)")
                #expect(reply.header("Location") == "/account")
                #expect(browser.cookies["gatehouse_session"]?.isEmpty == false, "\(reply.headers)")
                #expect(browser.cookies["gatehouse_csrf"] != nonceBefore, "signing in keeps the CSRF nonce")
                let account = try await browser.get("/account")
                #expect(account.status == .ok && account.shows(email), "\(account.status)")
                let again = try await browser.get("/login")
                #expect(again.status == .seeOther && again.header("Location") == "/account", "\(again)")
            }
        }

        @Test("POST validation: the spec's texts, 422, not signed in")
        func postValidation() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/login")
                let cases: [(email: String, password: String, texts: [String])] = [
                    ("", "", ["Email and password are required", "Email is required", "Password is required"]),
                    ("someone@example.com", "", ["Email and password are required", "Password is required"]),
                    ("not-an-address", TestServer.password, ["Invalid email address"]),
                    ("someone@example.com", "short", ["Password must be at least 8 characters"]),
                ]
                for (email, password, texts) in cases {
                    let reply = try await browser.post("/login", ["csrf": csrf, "email": email, "password": password])
                    #expect(reply.status == .unprocessableContent, "\(email)/\(password): \(reply.status)")
                    for text in texts { #expect(reply.shows(text), "\(text) missing: \(reply.page)") }
                    #expect(browser.cookies["gatehouse_session"] == nil)
                }
                // The typed address stays in the form.
                let kept = try await browser.post("/login", ["csrf": csrf, "email": "not-an-address", "password": TestServer.password])
                #expect(kept.page.contains("value=\"not-an-address\""), "\(kept.page)")
            }
        }

        @Test(
            "POST with a wrong password, an unknown address or an unconfirmed account shows why, and does not sign in",
            arguments: Backend.all)
        func postRefusals(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let email = TestServer.uniqueEmail("login")
                try await api.createUser(email)
                let unconfirmed = TestServer.uniqueEmail("unconfirmed")
                try await api.createUser(unconfirmed, confirmed: false)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/login")
                for (address, password) in [(email, TestServer.otherPassword), (TestServer.uniqueEmail("nobody"), TestServer.password)] {
                    let reply = try await browser.post("/login", ["csrf": csrf, "email": address, "password": password])
                    #expect(reply.status == .badRequest, "\(reply.status)")
                    #expect(reply.shows("Invalid email or password") && reply.shows("Please check and try again"), "\(reply.page)")
                }
                let notConfirmed = try await browser.post("/login", ["csrf": csrf, "email": unconfirmed, "password": TestServer.password])
                #expect(notConfirmed.status == .badRequest, "\(notConfirmed.status)")
                #expect(notConfirmed.shows("Please verify your email. Check your inbox for a verification link."), "\(notConfirmed.page)")
                #expect(notConfirmed.shows("Resend verification email"), "no offer to resend")
                #expect(browser.cookies["gatehouse_session"] == nil)
                #expect(try await browser.isSignedIn() == false)
            }
        }

        @Test("POST without a valid CSRF token is refused (403, form expired) and does not sign in", arguments: Backend.all)
        func postCSRF(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let email = TestServer.uniqueEmail("login")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/login")
                let fields = ["email": email, "password": TestServer.password]
                let attempts: [([String: String], HTTPFields)] = [
                    (fields, [:]),
                    (fields.merging(["csrf": csrf + "x"]) { $1 }, [:]),
                    (fields.merging(["csrf": csrf]) { $1 }, [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]),
                ]
                for (form, headers) in attempts {
                    let reply = try await browser.post("/login", form, headers: headers)
                    #expect(reply.status == .forbidden, "\(headers): \(reply.status)")
                    #expect(reply.shows("This form has expired. Please try again."), "\(reply.page)")
                    #expect(reply.page.contains("value=\"\(email)\""), "the typed address is kept")
                    #expect(browser.cookies["gatehouse_session"] == nil)
                }
                #expect(try await browser.isSignedIn() == false)
            }
        }

        @Test("too many attempts: 429 and the spec's text, before the password is checked", arguments: Backend.all)
        func rateLimit(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    $0.rateLimits.tokenPerFiveMinutes = 1
                    $0.rateLimits.burst = 1
                }
            ) { api in
                let email = TestServer.uniqueEmail("login")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/login")
                let first = try await browser.post("/login", ["csrf": csrf, "email": email, "password": TestServer.otherPassword])
                #expect(first.status == .badRequest, "\(first.status)")
                let limited = try await browser.post("/login", ["csrf": csrf, "email": email, "password": TestServer.password])
                #expect(limited.status == .tooManyRequests, "\(limited.status)")
                #expect(limited.shows("Too many login attempts. Please try again in 5 minutes."), "\(limited.page)")
                #expect(browser.cookies["gatehouse_session"] == nil, "the right password got through the limit")
            }
        }
    }
}
