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

/// The admin console's shell: who gets in and who is turned away, through the router
/// on both databases.
@Suite("Admin console: sign-in and guard")
struct ConsoleAccessTests {
    @Test("GATEHOUSE_ADMIN_CONSOLE=off: every console path is 404; the admin JSON API still answers", arguments: Backend.all)
    func consoleOff(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.adminConsole = .off }) { api async throws in
            var browser = WebFormClient(api)
            for path in ["/admin", "/admin/login", "/admin/login/factor", "/admin/events"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            #expect(try await browser.post("/admin/login", ["email": "a@example.com", "password": "x"]).status == .notFound)
            #expect(try await api.atRoot.send(.get, "/admin/users", bearer: api.serviceRoleToken).status == .ok)
        }
    }

    @Test("the default: on in development, off in production; a bad value stops the start")
    func setting() throws {
        let development = try ServerConfiguration.fromEnvironment(ConfigurationTests.env())
        #expect(development.adminConsole == .on)
        let production = [
            "GATEHOUSE_ENV": "production", "GATEHOUSE_SMTP_HOST": "smtp.example.com", "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
        ]
        #expect(try ServerConfiguration.fromEnvironment(ConfigurationTests.env(production)).adminConsole == .off)
        let enabled = production.merging(["GATEHOUSE_ADMIN_CONSOLE": "on"]) { $1 }
        #expect(try ServerConfiguration.fromEnvironment(ConfigurationTests.env(enabled)).adminConsole == .on)
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_ADMIN_CONSOLE": "maybe"]))
        }
        #expect(development.adminConsoleIdleTimeout == 15 * 60)
        let idle = ConfigurationTests.env(["GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT": "30s"])
        #expect(try ServerConfiguration.fromEnvironment(idle).adminConsoleIdleTimeout == 30)
        for bad in ["2s", "9h", "soon"] {
            #expect(throws: ConfigurationError.self, "\(bad)") {
                try ServerConfiguration.fromEnvironment(ConfigurationTests.env(["GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT": bad]))
            }
        }
    }

    @Test("signed out: every console page redirects to the sign-in", arguments: Backend.all)
    func signedOut(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var browser = WebFormClient(api)
            for path in ["/admin", "/admin/events"] {
                let reply = try await browser.get(path)
                #expect(reply.status == .seeOther && reply.location == "/admin/login", "\(path): \(reply)")
            }
            let login = try await browser.get("/admin/login")
            #expect(login.status == .ok)
            #expect(login.text.contains("<label for=\"email\">") && login.text.contains("<label for=\"password\">"))
            #expect(login.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        }
    }

    @Test(
        "an operator signs in: the cookie is the console's (Path=/admin, HttpOnly, SameSite=Strict) and the layout shows",
        arguments: Backend.all)
    func operatorSignsIn(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                let reply = try await browser.consoleSignIn(accounts.operatorEmail)
                #expect(reply.status == .seeOther && reply.location == "/admin", "\(reply)")
                let cookie = try #require(reply.setCookie("gatehouse_console"))
                #expect(cookie.contains("Path=/admin") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
                let overview = try await browser.get("/admin")
                #expect(overview.status == .ok, "\(overview)")
                #expect(overview.text.contains("<h1>Overview</h1>"))
                #expect(overview.text.contains("href=\"#main\"") && overview.text.contains("<main id=\"main\""))
                #expect(overview.text.contains("<a href=\"/admin\" aria-current=\"page\">Overview</a>"))
                for label in ["Accounts", "Events", "Mail"] { #expect(overview.text.contains(">\(label)</a>")) }
                #expect(overview.text.contains("action=\"/admin/logout\""))
                #expect(!overview.text.contains("<style") && !overview.text.contains("<script"))
                // The audit log records the console sign-in.
                let audit = try await api.atRoot.send(
                    .get, "/admin/audit?action=login&user_id=\(accounts.operatorId)", bearer: api.serviceRoleToken)
                #expect(audit.json?.arrayValue?.first?["payload"]?["traits"]?["method"]?.stringValue == "console", "\(audit)")
            }
        }
    }

    @Test("a non-operator with the right password is refused exactly as a wrong password", arguments: Backend.all)
    func nonOperatorRefused(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var stranger = WebFormClient(api)
                let notOperator = try await stranger.consoleSignIn(accounts.userEmail)
                var guesser = WebFormClient(api)
                let wrongPassword = try await guesser.consoleSignIn(accounts.operatorEmail, TestServer.otherPassword)
                var nobody = WebFormClient(api)
                let unknown = try await nobody.consoleSignIn("nobody-\(UUID().uuidString.prefix(6))@example.com")
                for reply in [notOperator, wrongPassword, unknown] {
                    #expect(reply.status == .badRequest, "\(reply)")
                    #expect(reply.text.contains(ConsoleLoginPage.refusal))
                    #expect(reply.setCookie("gatehouse_console") == nil)
                }
                #expect(try await stranger.get("/admin").location == "/admin/login")
                let audit = try await api.atRoot.send(
                    .get, "/admin/audit?action=login_failed&email=\(accounts.userEmail)", bearer: api.serviceRoleToken)
                #expect(audit.json?.arrayValue?.first?["payload"]?["traits"]?["reason"]?.stringValue == "not_super_admin", "\(audit)")
            }
        }
    }

    @Test("forged posts (no or a wrong CSRF token) are refused and change nothing", arguments: Backend.all)
    func forgedPosts(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                _ = try await browser.get("/admin/login")
                let noToken = try await browser.post("/admin/login", ["email": accounts.operatorEmail, "password": TestServer.password])
                #expect(noToken.status == .forbidden && noToken.setCookie("gatehouse_console") == nil, "\(noToken)")
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                // A sign-out posted from elsewhere, without the token or with another page's, does nothing.
                let forged = try await browser.post("/admin/logout", [:])
                #expect(forged.status == .forbidden, "\(forged)")
                let wrong = try await browser.post("/admin/logout", ["csrf": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
                #expect(wrong.status == .forbidden)
                let crossSite = try await browser.post("/admin/logout", [:], headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
                #expect(crossSite.status == .forbidden)
                #expect(try await browser.get("/admin").status == .ok)
                // The genuine form signs out, and the session is gone.
                let signedOut = try await browser.consolePost("/admin/logout", from: "/admin")
                #expect(signedOut.location == "/admin/login?notice=signed-out", "\(signedOut)")
                #expect(try await browser.get("/admin").location == "/admin/login")
            }
        }
    }
}
