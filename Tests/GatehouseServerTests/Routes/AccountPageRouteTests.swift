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
    /// `/account` (signed in: who you are, sign out, change password; signed out: to `/login`),
    /// `POST /account/password` and `POST /account/sign-out` (CSRF-checked; their GETs go back
    /// to `/account`), and the welcome page `/`.
    @Suite("/account, /account/password, /account/sign-out and /")
    struct AccountPage {
        static let newPassword = "a-brand-new-password"

        /// A browser signed in through the login form as a fresh account, and the account page's CSRF token.
        static func signedIn(_ api: API) async throws -> (browser: WebFormClient, email: String, csrf: String) {
            let email = TestServer.uniqueEmail("account")
            try await api.createUser(email)
            var browser = WebFormClient(api)
            let login = try await browser.post(
                "/login", ["csrf": try await browser.csrf(from: "/login"), "email": email, "password": TestServer.password])
            try #require(login.status == .seeOther, "\(login)")
            return (browser, email, try await browser.csrf(from: "/account"))
        }

        @Test("signed out, /account goes to /login; signed in, it shows the account; its forms' GETs go back to it", arguments: Backend.all)
        func accountPage(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                var stranger = WebFormClient(api)
                let out = try await stranger.get("/account")
                #expect(out.status == .seeOther && out.header("Location") == "/login", "\(out)")
                let welcome = try await stranger.get("/")
                #expect(welcome.status == .ok && welcome.shows("Welcome") && !welcome.shows("Signed in as"), "\(welcome.page)")

                var (browser, email, _) = try await Self.signedIn(api)
                let page = try await browser.get("/account")
                #expect(page.status == .ok, "\(page)")
                for words in ["Your Account", "Signed in as", email, "Sign Out", "Change Password", "Current password"] {
                    #expect(page.shows(words), "\(words) missing")
                }
                #expect(page.header("Cache-Control")?.contains("no-store") == true, "\(page.headers)")
                for path in ["/account/password", "/account/sign-out"] {
                    let reply = try await browser.get(path)
                    #expect(reply.status == .seeOther && reply.header("Location") == "/account", "\(path): \(reply)")
                }
                let signedInWelcome = try await browser.get("/")
                #expect(signedInWelcome.shows("Signed in as \(email)"), "\(signedInWelcome.page)")
                // Signed in, the sign-up and login pages send the browser to its account.
                for path in ["/signup", "/login"] {
                    let reply = try await browser.get(path)
                    #expect(reply.status == .seeOther && reply.header("Location") == "/account", "\(path): \(reply)")
                }
            }
        }

        @Test("POST /account/password: validation texts, a wrong current password, then a change that the API sees", arguments: Backend.all)
        func changePassword(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                var (browser, email, csrf) = try await Self.signedIn(api)
                let other = try TestSession(try await api.signIn(email))
                let cases: [(current: String, password: String, confirm: String, status: HTTPResponse.Status, text: String)] = [
                    ("", Self.newPassword, Self.newPassword, .unprocessableContent, "Password is required"),
                    (TestServer.password, "short", "short", .unprocessableContent, "Password must be at least 8 characters"),
                    (TestServer.password, Self.newPassword, "", .unprocessableContent, "Please confirm your new password"),
                    (TestServer.password, Self.newPassword, "different-password", .unprocessableContent, "Passwords do not match"),
                    (TestServer.otherPassword, Self.newPassword, Self.newPassword, .badRequest, "Current password is incorrect"),
                ]
                for (current, password, confirm, status, text) in cases {
                    let reply = try await browser.post(
                        "/account/password", ["csrf": csrf, "current": current, "password": password, "confirm": confirm])
                    #expect(reply.status == status, "\(text): \(reply.status)")
                    #expect(reply.shows(text), "\(text) missing: \(reply.page)")
                }
                #expect(try await api.signIn(email).status == .ok, "a refused form changed the password")

                let changed = try await browser.post(
                    "/account/password",
                    [
                        "csrf": csrf, "current": TestServer.password, "password": Self.newPassword, "confirm": Self.newPassword,
                    ])
                #expect(changed.status == .ok, "\(changed)")
                #expect(changed.shows("Your password has been changed. Every other device was signed out."), "\(changed.page)")
                #expect(try await browser.isSignedIn(), "this browser was signed out")
                #expect(try await api.signIn(email).errorCode == "invalid_credentials")
                #expect(try await api.signIn(email, Self.newPassword).status == .ok)
                #expect(try await api.refresh(other.refreshToken).status != .ok, "another session lives on")
            }
        }

        @Test("POST /account/sign-out signs out and goes to /login?notice=signed-out; without CSRF it is refused", arguments: Backend.all)
        func signOut(backend: Backend) async throws {
            try await Routes.run(backend) { api in
                var (browser, _, csrf) = try await Self.signedIn(api)
                let refused = try await browser.post("/account/sign-out", [:])
                #expect(refused.status == .forbidden && refused.shows("This form has expired. Please try again."), "\(refused.status)")
                let refusedChange = try await browser.post(
                    "/account/password",
                    [
                        "current": TestServer.password, "password": Self.newPassword, "confirm": Self.newPassword,
                    ])
                #expect(refusedChange.status == .forbidden, "\(refusedChange.status)")
                #expect(try await browser.isSignedIn())

                let out = try await browser.post("/account/sign-out", ["csrf": csrf])
                #expect(out.status == .seeOther && out.header("Location") == "/login?notice=signed-out", "\(out)")
                #expect(try await browser.isSignedIn() == false)
            }
        }
    }
}
