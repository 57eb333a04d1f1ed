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
    /// `/forgot-password` (forgot-password spec 000): GET shows the address form; POST
    /// (CSRF-checked) shows "Check Your Email", the same for registered and unknown addresses,
    /// and queues the reset email; inside the address's window "Already sent, check inbox"; too
    /// many requests from one client show the spec's rate-limit text.
    @Suite("GET and POST /forgot-password")
    struct ForgotPasswordPage {
        static func request(_ browser: inout WebFormClient, _ email: String, resend: Bool = false) async throws -> Reply {
            let csrf = try await browser.csrf(from: "/forgot-password")
            var fields = ["csrf": csrf, "email": email]
            if resend { fields["resend"] = "1" }
            return try await browser.post("/forgot-password", fields)
        }

        @Test("GET shows the address form")
        func getShowsForm() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                let page = try await browser.get("/forgot-password")
                #expect(page.status == .ok, "\(page)")
                for words in [
                    "Reset Your Password", "Enter your email to receive a password reset link", "Send Reset Link", "Sign in instead",
                ] {
                    #expect(page.shows(words), "\(words) missing")
                }
                #expect(WebFormClient.hiddenField("csrf", in: page) != nil)
            }
        }

        @Test(
            "POST: the same sent page for registered and unknown addresses; only the registered one gets the reset link",
            arguments: Backend.all)
        func sameAnswerForEveryone(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let registered = TestServer.uniqueEmail("forgot")
                let unknown = TestServer.uniqueEmail("nobody")
                try await api.createUser(registered)
                var browser = WebFormClient(api)
                var bodies: [String] = []
                for email in [unknown, registered] {
                    let reply = try await Self.request(&browser, email)
                    #expect(reply.status == .ok, "\(reply)")
                    #expect(reply.shows("Check Your Email"), "\(reply.page)")
                    #expect(reply.shows("If an account exists for \(email), a reset link is on its way"), "\(reply.page)")
                    #expect(reply.shows("Link expires in 1 hour."))
                    #expect(reply.shows("You can send another email in 1 minute."), "\(reply.page)")
                    bodies.append(reply.page.replacingOccurrences(of: email, with: "ADDRESS"))
                }
                #expect(
                    bodies[0].replacingOccurrences(of: #"value="[^"]*""#, with: "", options: .regularExpression)
                        == bodies[1].replacingOccurrences(of: #"value="[^"]*""#, with: "", options: .regularExpression),
                    "the pages differ beyond the address and the form tokens")

                let link = try await DevMail.link(api, to: registered)
                #expect(link.hasPrefix("http://127.0.0.1:9999/reset-password?token="), "\(link)")
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: unknown).isEmpty)
            }
        }

        @Test("POST validation: 422 with the spec's text, nothing sent")
        func validation() async throws {
            try await Routes.run(.sqlite) { api in
                var browser = WebFormClient(api)
                for (email, text) in [
                    ("", "Email is required"), ("not-an-address", "Invalid email address"), ("a@b", "Invalid email address"),
                ] {
                    let reply = try await Self.request(&browser, email)
                    #expect(reply.status == .unprocessableContent, "\(email): \(reply.status)")
                    #expect(reply.shows(text), "\(text) missing: \(reply.page)")
                    #expect(reply.shows("Check Your Email") == false)
                }
            }
        }

        @Test(
            "inside the address's window: 'Already sent, check inbox' and one email; a resend after it: 'Email sent again'",
            arguments: Backend.all)
        func window(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                let email = TestServer.uniqueEmail("window")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                #expect(try await Self.request(&browser, email).status == .ok)
                let again = try await Self.request(&browser, email, resend: true)
                #expect(again.status == .ok, "\(again)")
                #expect(again.shows("Already sent, check inbox"), "\(again.page)")
                _ = try await RouteMail.newest(api, to: email)
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: email).count == 1)
            }
            try await Routes.run(backend, configure: { $0.emailSendWindow = 0 }) { api in
                let email = TestServer.uniqueEmail("resend")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                #expect(try await Self.request(&browser, email).status == .ok)
                let again = try await Self.request(&browser, email, resend: true)
                #expect(again.status == .ok && again.shows("Email sent again"), "\(again.page)")
                _ = try await RouteMail.newest(api, to: email, count: 2)
            }
        }

        @Test("POST without a valid CSRF token is refused (403, form expired) and sends nothing", arguments: Backend.all)
        func csrf(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                let email = TestServer.uniqueEmail("csrf")
                try await api.createUser(email)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/forgot-password")
                let attempts: [([String: String], HTTPFields)] = [
                    (["email": email], [:]),
                    (["email": email, "csrf": "forged"], [:]),
                    (["email": email, "csrf": csrf], [HTTPField.Name("Sec-Fetch-Site")!: "same-site"]),
                ]
                for (form, headers) in attempts {
                    let reply = try await browser.post("/forgot-password", form, headers: headers)
                    #expect(reply.status == .forbidden, "\(headers): \(reply.status)")
                    #expect(reply.shows("This form has expired. Please try again."), "\(reply.page)")
                }
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: email).isEmpty, "a refused form sent the email")
            }
        }

        @Test("too many requests from one client: 429 and the spec's text, on the form and on the sent page", arguments: Backend.all)
        func rateLimit(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    $0.rateLimits.otpPerFiveMinutes = 1
                    $0.rateLimits.burst = 1
                }
            ) { api in
                var browser = WebFormClient(api)
                #expect(try await Self.request(&browser, TestServer.uniqueEmail("one")).status == .ok)
                let limited = try await Self.request(&browser, TestServer.uniqueEmail("two"))
                #expect(limited.status == .tooManyRequests, "\(limited.status)")
                #expect(limited.shows("Too many reset requests. Try again in 5 minutes."), "\(limited.page)")
                #expect(limited.shows("Check Your Email") == false)
                let resend = try await Self.request(&browser, TestServer.uniqueEmail("three"), resend: true)
                #expect(
                    resend.status == .tooManyRequests && resend.shows("Too many reset requests. Try again in 5 minutes."), "\(resend.page)")
                #expect(resend.shows("Check Your Email"), "a resend stays on the sent page")
            }
        }
    }
}
