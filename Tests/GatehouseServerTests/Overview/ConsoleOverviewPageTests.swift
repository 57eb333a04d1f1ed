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

/// `GET /admin`, the console's overview, through the router on both databases.
@Suite("Console overview: page")
struct ConsoleOverviewPageTests {
    static func occurrences(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the totals, the last day and five charts, in the console layout, under its CSP", arguments: Backend.all)
    func overview(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                #expect(try await api.signIn(accounts.userEmail, TestServer.otherPassword).status == .badRequest)
                #expect(try await api.signIn(accounts.userEmail).status == .ok)
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")

                let page = try await browser.get("/admin")
                #expect(page.status == .ok, "\(page)")
                #expect(page.text.contains("<h1>Overview</h1>"))
                #expect(page.text.contains("aria-current=\"page\">Overview</a>"))
                #expect(Self.occurrences("<svg ", in: page.text) == 5)
                #expect(Self.occurrences("role=\"img\"", in: page.text) == 5)
                // Two accounts, both with a live session (the user's, the operator's console one).
                #expect(page.text.contains("<dt><a href=\"/admin/accounts\">Accounts</a></dt><dd>2</dd>"))
                #expect(page.text.contains("<dt>Active sessions</dt><dd>2</dd>"))
                // The user's sign-in and the console's; the refused one.
                #expect(page.text.contains("<dt><a href=\"/admin/events?action=login\">Sign-ins</a></dt><dd>2</dd>"))
                #expect(page.text.contains("<dt><a href=\"/admin/events?action=login_failed\">Failed sign-ins</a></dt><dd>1</dd>"))
                #expect(
                    page.text.contains("<figcaption id=\"failed-sign-ins-caption\">1 failed sign-in in 7 days (1 in the last 24 hours)"))
                #expect(page.text.contains("<figcaption id=\"recovery-requests-caption\">No recovery requests in 7 days.</figcaption>"))
                #expect(!page.text.contains("style="))
                let policy = page.header("Content-Security-Policy") ?? ""
                #expect(policy.contains("style-src 'self'") && !policy.contains("unsafe-inline"), "\(policy)")
            }
        }
    }

    @Test("signed out, the overview sends the browser to the console's sign-in", arguments: Backend.all)
    func signedOut(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var browser = WebFormClient(api)
            let page = try await browser.get("/admin")
            #expect(page.status == .seeOther)
            #expect(page.header("Location") == "/admin/login")
        }
    }
}
