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

/// `GET /admin/events`: the audit log in the console, filtered and paged.
@Suite("Admin console: events")
struct ConsoleEventsTests {
    @Test("the log in a table, newest first, filtered by email, user id, action and time; junk filters reported", arguments: Backend.all)
    func events(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                // A refused sign-in for the ordinary account, with its agent and request id.
                let refused = try await api.signIn(accounts.userEmail, TestServer.otherPassword, headers: [.userAgent: "EventsTest/1.0"])
                #expect(refused.status == .badRequest)
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")

                let all = try await browser.get("/admin/events")
                #expect(all.status == .ok, "\(all)")
                #expect(all.text.contains("<h1>Events</h1>") && all.text.contains("aria-current=\"page\">Events</a>"))
                #expect(all.text.contains("<label for=\"filter-email\">") && all.text.contains("<option value=\"login_failed\">"))
                // Newest first: the console sign-in precedes the earlier refusal.
                let login = try #require(all.text.range(of: "<code>login</code>"))
                let failed = try #require(all.text.range(of: "<code>login_failed</code>"))
                #expect(login.lowerBound < failed.lowerBound)

                let byEmail = try await browser.get("/admin/events?email=\(accounts.userEmail)&action=login_failed")
                #expect(byEmail.status == .ok)
                #expect(byEmail.text.contains("EventsTest/1.0") && byEmail.text.contains("reason: invalid_credentials"), "\(byEmail)")
                #expect(!byEmail.text.contains("<code>login</code>"))
                #expect(byEmail.text.contains("<option value=\"login_failed\" selected>"))

                let byOperator = try await browser.get("/admin/events?user_id=\(accounts.operatorId)&action=login")
                #expect(byOperator.text.contains("href=\"/admin/accounts/\(accounts.operatorId)\""))
                #expect(byOperator.text.contains("method: console"))
                #expect(!byOperator.text.contains("<code>login_failed</code>"))

                let future = try await browser.get("/admin/events?since=2999-01-01T00:00")
                #expect(future.text.contains("No events match"))
                let past = try await browser.get("/admin/events?until=2000-01-01T00:00")
                #expect(past.text.contains("No events match"))

                let junk = try await browser.get("/admin/events?email=nope&user_id=42&action=drop_tables&since=yesterday&page=-3")
                #expect(junk.status == .badRequest, "\(junk)")
                for text in ["not an email address", "not a user id", "Choose an action", "From is not a date"] {
                    #expect(junk.text.contains(text), "\(text)")
                }
            }
        }
    }

    /// The filter's address comes back in the field's `value` attribute. `"` followed by U+0301
    /// is one `Character`, which Mustache's own escaping compares and leaves alone: the quote
    /// would end the attribute and the rest add attributes of its own.
    @Test("a filter value reflected into its field cannot end the attribute", arguments: Backend.all)
    func reflectedFilterStaysInItsAttribute(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let payload = "x\"\u{301} autofocus data-injected=\"1"
                let query = try #require(payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let page = try await browser.get("/admin/events?email=\(query)")
                #expect(page.status == .badRequest, "\(page)")
                let unescaped = "\"\u{301} autofocus"
                let escaped = "&quot;\u{301} autofocus data-injected=&quot;1"
                #expect(!page.text.contains(unescaped), "\(page.text)")
                #expect(page.text.contains(escaped), "\(page.text)")
            }
        }
    }

    @Test("paging: 50 a page, with links that keep the filters", arguments: Backend.all)
    func paging(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                for _ in 0..<51 { _ = try await api.signIn(accounts.userEmail, TestServer.otherPassword) }
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let first = try await browser.get("/admin/events?action=login_failed")
                #expect(first.text.contains("51 events"), "\(first)")
                #expect(first.text.components(separatedBy: "<code>login_failed</code>").count - 1 == 50)
                #expect(first.text.contains("href=\"/admin/events?action=login_failed&amp;page=2\""))
                let second = try await browser.get("/admin/events?action=login_failed&page=2")
                #expect(second.text.components(separatedBy: "<code>login_failed</code>").count - 1 == 1)
                #expect(second.text.contains("rel=\"prev\""))
            }
        }
    }
}
