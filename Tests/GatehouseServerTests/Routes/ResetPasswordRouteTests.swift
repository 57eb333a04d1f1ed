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
    /// `/reset-password?token=…`, where recovery emails link by default: GET shows the form and
    /// spends nothing; POST (CSRF-checked) validates, sets the password and spends the token.
    @Suite("GET and POST /reset-password")
    struct ResetPassword {
        static let newPassword = "a-brand-new-password"

        /// A registered account, a session of it, and the token of the reset link emailed to it.
        static func account(_ api: API) async throws -> (email: String, session: TestSession, token: String) {
            let email = TestServer.uniqueEmail("reset")
            let session = try await api.signedInUser(email)
            let link = try await RouteMail.recoveryLink(api, for: email)
            try #require(link.contains("/reset-password?token="), "\(link)")
            return (email, session, try RouteMail.token(in: link))
        }

        static func expectInvalidLink(_ reply: Reply, _ note: String = "") {
            #expect(reply.status == .badRequest, "\(note) \(reply.status)")
            #expect(reply.shows("This link is invalid or has expired"), "\(note) \(reply.page)")
            #expect(reply.shows("Request a new link"), "\(note)")
            #expect(WebFormClient.hiddenField("token", in: reply) == nil, "\(note): an invalid link shows no form")
        }

        @Test("GET with a usable token shows the form, with the token in it, and spends nothing", arguments: Backend.all)
        func getShowsForm(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, _, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                for _ in 0..<2 {
                    let page = try await browser.get("/reset-password?token=\(token)")
                    #expect(page.status == .ok, "\(page)")
                    #expect(page.shows("Choose a New Password") && page.shows("Update Password"), "\(page.page)")
                    #expect(WebFormClient.hiddenField("token", in: page) == token)
                    #expect(WebFormClient.hiddenField("csrf", in: page) != nil)
                    #expect(page.header("Referrer-Policy") == "no-referrer")
                    #expect(page.header("Cache-Control")?.contains("no-store") == true)
                }
                let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
                let reset = try await browser.post(
                    "/reset-password",
                    [
                        "csrf": csrf, "token": token, "password": Self.newPassword, "confirm": Self.newPassword,
                    ])
                #expect(reset.status == .ok, "\(reset.page)")
                #expect(try await api.signIn(email, Self.newPassword).status == .ok)
            }
        }

        @Test("GET without a token, or with an unknown one, shows the invalid-link page", arguments: Backend.all)
        func getInvalid(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                var browser = WebFormClient(api)
                for query in ["", "?token=", "?token=made-up", "?token=" + String(repeating: "a", count: 600)] {
                    Self.expectInvalidLink(try await browser.get("/reset-password" + query), query)
                }
            }
        }

        @Test("POST: the new password signs in, the old one no longer does, every session ends, the link is spent", arguments: Backend.all)
        func postResets(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, session, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
                let fields = ["csrf": csrf, "token": token, "password": Self.newPassword, "confirm": Self.newPassword]
                let done = try await browser.post("/reset-password", fields)
                #expect(done.status == .ok, "\(done)")
                #expect(done.shows("Your password has been changed."), "\(done.page)")
                #expect(done.shows("Every device signed in to this account was signed out."))

                let old = try await api.signIn(email, TestServer.password)
                #expect(old.status == .badRequest && old.errorCode == "invalid_credentials", "\(old)")
                #expect(try await api.signIn(email, Self.newPassword).status == .ok)
                #expect(try await api.refresh(session.refreshToken).status != .ok, "a session from before the reset lives on")

                // The link is spent: the form refuses it, and so does its page.
                Self.expectInvalidLink(try await browser.post("/reset-password", fields), "second POST")
                Self.expectInvalidLink(try await browser.get("/reset-password?token=\(token)"), "GET after use")
                #expect(try await api.signIn(email, Self.newPassword).status == .ok)
            }
        }

        @Test("POST validation shows the specs' texts (422) and spends nothing", arguments: Backend.all)
        func postValidation(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, _, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
                let cases: [(password: String, confirm: String, text: String)] = [
                    ("", "", "Password is required"),
                    ("short", "short", "Password must be at least 8 characters"),
                    (String(repeating: "p", count: 73), String(repeating: "p", count: 73), "Password must be at most 72 bytes"),
                    (Self.newPassword, "", "Please confirm your new password"),
                    (Self.newPassword, Self.newPassword + "x", "Passwords do not match"),
                ]
                for (password, confirm, text) in cases {
                    let reply = try await browser.post(
                        "/reset-password", ["csrf": csrf, "token": token, "password": password, "confirm": confirm])
                    #expect(reply.status == .unprocessableContent, "\(text): \(reply.status)")
                    #expect(reply.shows(text), "\(text): \(reply.page)")
                    #expect(WebFormClient.hiddenField("token", in: reply) == token, "the form keeps its token")
                }
                #expect(try await api.signIn(email).status == .ok, "a refused form changed the password")
                let reset = try await browser.post(
                    "/reset-password",
                    [
                        "csrf": csrf, "token": token, "password": Self.newPassword, "confirm": Self.newPassword,
                    ])
                #expect(reset.status == .ok, "the refused forms spent the link: \(reset.page)")
            }
        }

        @Test("POST without a valid CSRF token is refused (403, form expired) and changes nothing", arguments: Backend.all)
        func postCSRF(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, _, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
                let fields = ["token": token, "password": Self.newPassword, "confirm": Self.newPassword]
                let attempts: [([String: String], HTTPFields)] = [
                    (fields, [:]),
                    (fields.merging(["csrf": "forged"]) { $1 }, [:]),
                    (fields.merging(["csrf": csrf]) { $1 }, [.origin: "https://evil.example"]),
                ]
                for (form, headers) in attempts {
                    let reply = try await browser.post("/reset-password", form, headers: headers)
                    #expect(reply.status == .forbidden, "\(headers): \(reply.status)")
                    #expect(reply.shows("This form has expired. Please try again."), "\(reply.page)")
                }
                var stranger = WebFormClient(api)  // no CSRF cookie at all
                #expect(try await stranger.post("/reset-password", fields.merging(["csrf": csrf]) { $1 }).status == .forbidden)
                #expect(try await api.signIn(email).status == .ok, "a refused form changed the password")
                #expect(try await api.signIn(email, Self.newPassword).status != .ok)
            }
        }

        @Test("an expired link shows the invalid-link page on GET and POST", arguments: Backend.all)
        func expired(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.otpExpiry = 0
                }
            ) { api in
                let (email, _, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                Self.expectInvalidLink(try await browser.get("/reset-password?token=\(token)"), "GET")
                let csrf = try await browser.csrf(from: "/login")
                let reply = try await browser.post(
                    "/reset-password",
                    [
                        "csrf": csrf, "token": token, "password": Self.newPassword, "confirm": Self.newPassword,
                    ])
                Self.expectInvalidLink(reply, "POST")
                #expect(try await api.signIn(email).status == .ok)
            }
        }

        @Test("too many reset posts from one client: 429 and the rate-limit text, the password unchanged", arguments: Backend.all)
        func rateLimit(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.rateLimits.verifyPerFiveMinutes = 1
                    $0.rateLimits.burst = 1
                }
            ) { api in
                let (email, _, token) = try await Self.account(api)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
                let fields = ["csrf": csrf, "password": Self.newPassword, "confirm": Self.newPassword]
                // A post with a made-up token uses the client's one request.
                Self.expectInvalidLink(try await browser.post("/reset-password", fields.merging(["token": "made-up"]) { $1 }), "made-up")
                let limited = try await browser.post("/reset-password", fields.merging(["token": token]) { $1 })
                #expect(limited.status == .tooManyRequests, "\(limited.status)")
                #expect(limited.shows("Too many attempts. Please try again in 5 minutes."), "\(limited.page)")
                #expect(WebFormClient.hiddenField("token", in: limited) == token, "the form keeps its token")
                #expect(try await api.signIn(email).status == .ok, "the limited post changed the password")
            }
        }
    }
}
