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
    /// `/signup` (the form), `POST /signup/create` and `POST /signup/resend` (CSRF-checked; their
    /// GETs go back to `/signup`): the "Check Your Email" state worded the same for new and taken
    /// addresses, a confirmation link that lands on `/login?code=…`, the specs' validation texts.
    @Suite("GET /signup, POST /signup/create and /signup/resend")
    struct SignUpPage {
        static func create(_ browser: inout WebFormClient, _ email: String, password: String = TestServer.password, confirm: String? = nil)
            async throws -> Reply
        {
            let csrf = try await browser.csrf(from: "/signup")
            return try await browser.post(
                "/signup/create", ["csrf": csrf, "email": email, "password": password, "confirm": confirm ?? password])
        }

        @Test("GET shows the form; GET of the form's targets goes back to it")
        func getShowsForm() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let page = try await browser.get("/signup")
                #expect(page.status == .ok, "\(page)")
                for words in [
                    "Create Account", "Create your Gatehouse account with your email address.", "At least 8 characters",
                    "Already have an account?",
                ] {
                    #expect(page.shows(words), "\(words) missing")
                }
                #expect(WebFormClient.hiddenField("csrf", in: page) != nil)
                for path in ["/signup/create", "/signup/resend"] {
                    let reply = try await browser.get(path)
                    #expect(reply.status == .seeOther && reply.header("Location") == "/signup", "\(path): \(reply)")
                }
            }
        }

        @Test("POST: the sent page, the same for a taken address; the link confirms and lands on /login?code=", arguments: Backend.all)
        func createAndConfirm(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let email = TestServer.uniqueEmail("signup")
                var browser = WebFormClient(api)
                let sent = try await Self.create(&browser, email)
                #expect(sent.status == .ok, "\(sent)")
                #expect(sent.shows("Check Your Email"), "\(sent.page)")
                #expect(sent.shows("Check your inbox: a confirmation link is on its way to \(email)."), "\(sent.page)")
                #expect(sent.shows("Link expires in 1 hour."))
                #expect(try await browser.isSignedIn() == false)

                let taken = TestServer.uniqueEmail("taken")
                try await api.createUser(taken)
                let again = try await Self.create(&browser, taken)
                #expect(again.status == .ok, "\(again)")
                #expect(again.shows("Check your inbox: a confirmation link is on its way to \(taken)."), "\(again.page)")
                #expect(again.shows("An account with this email already exists") == false, "the page tells the address is taken")

                #expect(try await api.signIn(email).errorCode != nil, "signed in before confirming")
                let link = try await DevMail.link(api, to: email)
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                let clicked = try await ScannerSafeLinkTests.click(api, page: page)
                #expect(clicked.status == .seeOther, "\(clicked)")
                let landing = try #require(clicked.header("Location"))
                #expect(landing.hasPrefix("http://127.0.0.1:9999/login?code="), "\(landing)")
                // The browser that signed up holds the verifier of the link's code: it is signed in.
                let login = try await browser.get(try RouteMail.path(of: landing))
                #expect(login.status == .seeOther && login.header("Location") == "/account", "\(login)")
                #expect(try await browser.isSignedIn())
                #expect(try await api.signIn(email).status == .ok)
            }
        }

        @Test("POST with autoconfirm signs the browser in: 303 to /account", arguments: Backend.all)
        func autoconfirm(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.autoconfirm = true }) { api in
                let email = TestServer.uniqueEmail("auto")
                var browser = WebFormClient(api)
                let reply = try await Self.create(&browser, email)
                #expect(reply.status == .seeOther && reply.header("Location") == "/account", "\(reply)")
                #expect(try await browser.isSignedIn())
                #expect(try await api.signIn(email).status == .ok)
                var another = WebFormClient(api)
                let twice = try await Self.create(&another, email)
                #expect(twice.status != .seeOther, "a taken address signed in: \(twice)")
            }
        }

        @Test("POST validation: the specs' texts, 422, no account", arguments: Backend.all)
        func validation(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.autoconfirm = true }) { api in
                var browser = WebFormClient(api)
                let email = TestServer.uniqueEmail("invalid")
                let cases: [(email: String, password: String, confirm: String, text: String)] = [
                    ("", TestServer.password, TestServer.password, "Email is required"),
                    ("not-an-address", TestServer.password, TestServer.password, "Invalid email address"),
                    (email, "", "", "Password is required"),
                    (email, "short", "short", "Password must be at least 8 characters"),
                    (email, TestServer.password, "", "Please confirm your new password"),
                    (email, TestServer.password, TestServer.otherPassword, "Passwords do not match"),
                ]
                for (address, password, confirm, text) in cases {
                    let reply = try await Self.create(&browser, address, password: password, confirm: confirm)
                    #expect(reply.status == .unprocessableContent, "\(text): \(reply.status)")
                    #expect(reply.shows(text), "\(text) missing: \(reply.page)")
                }
                #expect(try await api.signIn(email).errorCode == "invalid_credentials", "a refused form made the account")
            }
        }

        @Test("POST without a valid CSRF token is refused (403, form expired), no account", arguments: Backend.all)
        func csrf(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.autoconfirm = true }) { api in
                let email = TestServer.uniqueEmail("csrf")
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/signup")
                let fields = ["email": email, "password": TestServer.password, "confirm": TestServer.password]
                for (form, headers) in [(fields, HTTPFields()), (fields.merging(["csrf": csrf]) { $1 }, [.origin: "null"])] {
                    let reply = try await browser.post("/signup/create", form, headers: headers)
                    #expect(reply.status == .forbidden, "\(reply.status)")
                    #expect(reply.shows("This form has expired. Please try again."), "\(reply.page)")
                }
                let resend = try await browser.post("/signup/resend", ["email": email])
                #expect(resend.status == .forbidden && resend.shows("This form has expired. Please try again."), "\(resend.status)")
                #expect(try await api.signIn(email).errorCode == "invalid_credentials", "a refused form made the account")
                #expect(try await browser.isSignedIn() == false)
            }
        }

        @Test("too many sign-ups from one client: 429 and the rate-limit text", arguments: Backend.all)
        func rateLimit(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    $0.rateLimits.otpPerFiveMinutes = 1
                    $0.rateLimits.burst = 1
                }
            ) { api in
                var browser = WebFormClient(api)
                #expect(try await Self.create(&browser, TestServer.uniqueEmail("one")).status == .ok)
                let email = TestServer.uniqueEmail("two")
                let limited = try await Self.create(&browser, email)
                #expect(limited.status == .tooManyRequests, "\(limited.status)")
                #expect(limited.shows("Too many attempts. Please try again in 5 minutes."), "\(limited.page)")
                #expect(limited.shows("Check Your Email") == false, "the limited sign-up went through")
            }
        }

        @Test(
            "POST /signup/resend: 'Email sent again' and a new email, then 'Already sent' inside the address's window",
            arguments: Backend.all)
        func resend(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                let email = TestServer.uniqueEmail("resend")
                var browser = WebFormClient(api)
                #expect(try await Self.create(&browser, email).status == .ok)
                _ = try await RouteMail.newest(api, to: email)
                let csrf = try await browser.csrf(from: "/signup")
                // The sign-up's own email does not open the resend window.
                let sent = try await browser.post("/signup/resend", ["csrf": csrf, "email": email])
                #expect(sent.status == .ok && sent.shows("Email sent again"), "\(sent.page)")
                #expect(sent.shows("Check your inbox: a confirmation link is on its way to \(email)."))
                let early = try await browser.post("/signup/resend", ["csrf": csrf, "email": email])
                #expect(early.status == .ok, "\(early)")
                #expect(early.shows("Already sent, check inbox"), "\(early.page)")
                let invalid = try await browser.post("/signup/resend", ["csrf": csrf, "email": "not-an-address"])
                #expect(invalid.status == .seeOther && invalid.header("Location") == "/signup", "\(invalid)")

                _ = try await RouteMail.newest(api, to: email, count: 2)
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: email).count == 2)
            }
        }
    }
}
