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
    /// Firebase's action URL, `/__/auth/action?mode=…&oobCode=…`, where Firebase `sendOobCode`
    /// emails link: GET shows a form and spends nothing, its POST (CSRF-checked) uses the code.
    /// The codes are one-time tokens like GoTrue's, so a `/recover` or sign-up link's token
    /// serves here as an `oobCode` of its kind.
    @Suite("GET and POST /__/auth/action")
    struct FirebaseAction {
        static let newPassword = "a-brand-new-password"
        static let allowed = "https://app.example.com/after-reset"

        static func resetCode(_ api: API) async throws -> (email: String, session: TestSession, code: String) {
            let email = TestServer.uniqueEmail("fbaction")
            let session = try await api.signedInUser(email)
            let link = try await RouteMail.recoveryLink(api, for: email)
            return (email, session, try RouteMail.token(in: link))
        }

        static func encoded(_ value: String) -> String {
            value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
        }

        @Test("mode=resetPassword: GET shows the reset form posting back here and spends nothing; POST resets", arguments: Backend.all)
        func reset(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, session, code) = try await Self.resetCode(api)
                let path = "/__/auth/action?mode=resetPassword&oobCode=\(code)&apiKey=k&lang=en&continueUrl=\(Self.encoded(Self.allowed))"
                var browser = WebFormClient(api)
                for _ in 0..<2 {
                    let page = try await browser.get(path)
                    #expect(page.status == .ok, "\(page)")
                    #expect(page.shows("Choose a New Password"), "\(page.page)")
                    #expect(WebFormClient.hiddenField("token", in: page) == code)
                    #expect(page.page.contains("action=\"/__/auth/action?mode=resetPassword&continueUrl="), "\(page.page)")
                    #expect(page.header("Referrer-Policy") == "no-referrer")
                }
                let csrf = try await browser.csrf(from: path)
                let action = "/__/auth/action?mode=resetPassword&continueUrl=\(Self.encoded(Self.allowed))"
                let weak = try await browser.post(action, ["csrf": csrf, "token": code, "password": "short", "confirm": "short"])
                #expect(weak.status == .unprocessableContent, "\(weak)")
                let done = try await browser.post(
                    action, ["csrf": csrf, "token": code, "password": Self.newPassword, "confirm": Self.newPassword])
                #expect(done.status == .ok, "\(done.page)")
                #expect(done.shows("Your password has been changed."), "\(done.page)")
                #expect(done.page.contains("href=\"\(Self.allowed)\""), "the allowed continue URL is offered: \(done.page)")
                #expect(try await api.signIn(email, Self.newPassword).status == .ok)
                #expect(try await api.signIn(email, TestServer.password).status == .badRequest)
                #expect(try await api.refresh(session.refreshToken).status != .ok, "a session from before the reset lives on")
                let again = try await browser.get(path)
                #expect(again.status == .badRequest && again.shows("Request a new link"), "\(again)")
            }
        }

        @Test("The plain reset page's done page offers no continue link", arguments: Backend.all)
        func plainResetHasNoContinue(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (_, _, code) = try await Self.resetCode(api)
                var browser = WebFormClient(api)
                let csrf = try await browser.csrf(from: "/reset-password?token=\(code)")
                let done = try await browser.post(
                    "/reset-password", ["csrf": csrf, "token": code, "password": Self.newPassword, "confirm": Self.newPassword])
                #expect(done.status == .ok && done.shows("Your password has been changed."), "\(done.page)")
                #expect(!done.shows(FirebaseActionPage.continueLabel), "\(done.page)")
            }
        }

        @Test(
            "A continueUrl outside the allow-list is never offered; unknown codes and modes show the invalid-link page",
            arguments: Backend.all)
        func refusals(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (_, _, code) = try await Self.resetCode(api)
                var browser = WebFormClient(api)
                let evil = "https://evil.example.net/steal"
                let page = try await browser.get("/__/auth/action?mode=resetPassword&oobCode=\(code)&continueUrl=\(Self.encoded(evil))")
                #expect(page.status == .ok, "\(page)")
                #expect(!page.page.contains("evil.example.net"), "\(page.page)")
                for query in [
                    "mode=resetPassword", "mode=resetPassword&oobCode=made-up", "mode=verifyEmail&oobCode=\(code)",
                    "mode=signIn&oobCode=\(code)",
                ] {
                    let reply = try await browser.get("/__/auth/action?" + query)
                    #expect(reply.status == .badRequest, "\(query): \(reply.status)")
                    // The words of the page itself (the layout carries the text for the pages' script too).
                    #expect(reply.shows("Links work once") || reply.shows("Request a new link"), "\(query): \(reply.page)")
                    #expect(WebFormClient.hiddenField("token", in: reply) == nil && WebFormClient.hiddenField("oobCode", in: reply) == nil)
                }
                #expect(try await browser.get("/__/auth/action?mode=resetPassword&oobCode=\(code)").status == .ok, "the code was spent")
            }
        }

        @Test("mode=verifyEmail: GET shows one button and spends nothing; POST verifies the address", arguments: Backend.all)
        func verifyEmail(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.autoconfirm = false
                }
            ) { api in
                let email = TestServer.uniqueEmail("fbverify")
                #expect(try await api.signUp(email).status == .ok)
                let code = try RouteMail.token(in: try await DevMail.link(api, to: email))
                #expect(try await api.signIn(email).status != .ok, "not confirmed yet")
                let path = "/__/auth/action?mode=verifyEmail&oobCode=\(code)&lang=en&continueUrl=\(Self.encoded(Self.allowed))"
                var browser = WebFormClient(api)
                let page = try await browser.get(path)
                #expect(page.status == .ok && page.shows("Verify my email"), "\(page.page)")
                #expect(WebFormClient.hiddenField("oobCode", in: page) == code)
                #expect(try await api.signIn(email).status != .ok, "the GET verified the address")
                let csrf = try #require(WebFormClient.hiddenField("csrf", in: page))
                let forged = try await browser.post("/__/auth/action?mode=verifyEmail", ["csrf": "x", "oobCode": code])
                #expect(forged.status == .forbidden, "\(forged)")
                let done = try await browser.post(
                    "/__/auth/action?mode=verifyEmail&continueUrl=\(Self.encoded(Self.allowed))", ["csrf": csrf, "oobCode": code])
                #expect(done.status == .ok && done.shows("Your email has been verified"), "\(done.page)")
                #expect(done.page.contains("href=\"\(Self.allowed)\""), "\(done.page)")
                #expect(try await api.signIn(email).status == .ok, "the address is verified")
                let again = try await browser.post("/__/auth/action?mode=verifyEmail", ["csrf": csrf, "oobCode": code])
                #expect(again.status == .badRequest && again.shows("Links work once"), "\(again.page)")
            }
        }
    }
}
