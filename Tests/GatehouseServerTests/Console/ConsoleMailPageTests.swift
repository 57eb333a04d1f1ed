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
import Logging
import Testing

@testable import GatehouseServer

/// The console's Mail pages through the router, on both databases: the outbox by
/// state with counts and paging, the retry's confirmation and form, the test email; CSRF
/// refused, GET changes nothing, unknown or malformed ids are the 404 page, the audit entries
/// name the operator.
@Suite("Admin console: mail")
struct ConsoleMailPageTests {
    static let relayError = "SMTP RCPT rejected: 550 5.1.1 Mailbox unavailable"

    /// Writes `count` dead recovery jobs (one second apart, oldest first) straight into the
    /// outbox, as the worker leaves them after a relay's refusal; returns their ids.
    static func seedDeadJobs(_ database: ScratchDatabase, count: Int, error: String = relayError) async throws -> [UUID] {
        let start = Timestamp.now().adding(seconds: -Double(count) - 60)
        let ids = (0..<count).map { _ in UUID() }
        try await database.withStore { sql in
            try await Store(sql: sql, logger: Logger(label: "console-mail-seed")).perform(.transaction) { work in
                for (index, id) in ids.enumerated() {
                    let at = start.adding(seconds: Double(index))
                    let job = OutboxJob.recovery(
                        email: "dead\(index)@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil)
                    try await work.outbox.enqueue(job, id: id, now: at)
                    try await work.outbox.finish([.init(id: id, state: .dead, error: error, nextAttemptAt: at)], now: at)
                }
            }
        }
        return ids
    }

    static func auditActors(_ api: API, action: String) async throws -> [String] {
        let reply = try await api.atRoot.send(.get, "/admin/audit?action=\(action)", bearer: api.serviceRoleToken)
        try #require(reply.status == .ok, "\(reply)")
        return reply.json?.arrayValue?.compactMap { $0["payload"]?["actor_id"]?.stringValue } ?? []
    }

    @Test(
        "the outbox page: state tabs with counts, dead jobs with their error and Retry, 50 a page; junk is the 404 page",
        arguments: Backend.all)
    func outboxPage(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            let ids = try await Self.seedDeadJobs(database, count: 51)
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let first = try await browser.get("/admin/mail/outbox?state=dead")
                #expect(first.status == .ok, "\(first)")
                #expect(first.text.contains("<h1>Mail</h1>") && first.text.contains("aria-current=\"page\">Mail</a>"))
                #expect(
                    first.text.contains(
                        "href=\"/admin/mail/outbox?state=dead\" aria-current=\"page\">Dead <span class=\"console-count\">(51)</span>"))
                #expect(first.text.contains("Pending <span class=\"console-count\">(0)</span>"))
                #expect(first.text.components(separatedBy: "Mailbox unavailable").count - 1 == 50)
                // Newest first; each dead job with its Retry link.
                let newest = try #require(first.text.range(of: "dead50@example.com"))
                let older = try #require(first.text.range(of: "dead1@example.com"))
                #expect(newest.lowerBound < older.lowerBound)
                #expect(first.text.contains("href=\"/admin/mail/\(ids[50].uuidString.lowercased())/retry\""))
                #expect(!first.text.contains("dead0@example.com"))
                #expect(first.text.contains("href=\"/admin/mail/outbox?state=dead&amp;page=2\""))
                let second = try await browser.get("/admin/mail/outbox?state=dead&page=2")
                #expect(second.text.contains("dead0@example.com") && !second.text.contains("dead1@example.com"))
                #expect(second.text.contains("Page 2 of 2"))
                let pending = try await browser.get("/admin/mail/outbox?state=pending")
                #expect(pending.status == .ok && pending.text.contains("No pending emails."))
                // Without a state, the tab with the latest activity: here the dead one.
                let opened = try await browser.get("/admin/mail/outbox")
                #expect(opened.text.contains("aria-current=\"page\">Dead <span class=\"console-count\">(51)</span>"))
                for junk in ["state=drop", "page=0", "page=abc", "state=dead&page=99999999999"] {
                    #expect(try await browser.get("/admin/mail/outbox?\(junk)").status == .notFound, "\(junk)")
                }
                #expect(!first.text.contains("<script") && !first.text.contains("style="))
            }
        }
    }

    @Test(
        "retry: the confirmation changes nothing, a forged post is refused, the post retries once, audited as the operator",
        arguments: Backend.all)
    func retry(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            let id = try #require(try await Self.seedDeadJobs(database, count: 1).first).uuidString.lowercased()
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let confirm = try await browser.get("/admin/mail/\(id)/retry")
                #expect(confirm.status == .ok && confirm.text.contains("Retry this email") && confirm.text.contains("Mailbox unavailable"))
                #expect(try await browser.get("/admin/mail/outbox?state=dead").text.contains("Dead <span class=\"console-count\">(1)"))

                let forged = try await browser.post("/admin/mail/\(id)/retry", ["csrf": "forged"])
                #expect(forged.status == .forbidden, "\(forged)")
                let foreign = try await browser.post(
                    "/admin/mail/\(id)/retry", ["csrf": try #require(WebFormClient.hiddenField("csrf", in: confirm))],
                    headers: [.origin: "https://evil.example"])
                #expect(foreign.status == .forbidden, "\(foreign)")
                #expect(try await browser.get("/admin/mail/outbox?state=dead").text.contains("Dead <span class=\"console-count\">(1)"))

                let retried = try await browser.consolePost("/admin/mail/\(id)/retry", from: "/admin/mail/\(id)/retry")
                #expect(retried.status == .seeOther && retried.location == "/admin/mail/outbox?state=dead&notice=retried", "\(retried)")
                let after = try await browser.get(try #require(retried.location))
                #expect(after.text.contains("back in the queue") && after.text.contains("Dead <span class=\"console-count\">(0)"))

                // The worker takes it from there; a second retry is refused with the reason.
                let again = try await browser.consolePost("/admin/mail/\(id)/retry", from: "/admin/mail/outbox")
                #expect(again.status == .conflict && again.text.contains("Only a dead email can be retried"), "\(again)")
                #expect(try await Self.auditActors(api, action: "email_retried") == [accounts.operatorId])

                for path in ["/admin/mail/\(UUID().uuidString.lowercased())/retry", "/admin/mail/not-a-uuid/retry"] {
                    #expect(try await browser.get(path).status == .notFound, "\(path)")
                    #expect(try await browser.consolePost(path, from: "/admin/mail/outbox").status == .notFound, "\(path)")
                }
            }
        }
    }

    @Test(
        "the test email: the operator's address by default, a bad address refused, CSRF checked, delivered and audited",
        arguments: Backend.all)
    func testEmail(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let form = try await browser.get("/admin/mail/test")
                #expect(form.status == .ok && form.text.contains("<label for=\"test-email\">Send to</label>"))
                #expect(form.text.contains("value=\"\(accounts.operatorEmail)\""))

                let target = TestServer.uniqueEmail("console-test")
                let forged = try await browser.post("/admin/mail/test", ["csrf": "forged", "email": target])
                #expect(forged.status == .forbidden, "\(forged)")
                let bad = try await browser.consolePost("/admin/mail/test", from: "/admin/mail/test", ["email": "not an address"])
                #expect(bad.status == .unprocessableContent && bad.text.contains("aria-invalid=\"true\""), "\(bad)")
                #expect(try await Self.auditActors(api, action: "email_test_queued").isEmpty)

                let sent = try await browser.consolePost("/admin/mail/test", from: "/admin/mail/test", ["email": target])
                #expect(sent.status == .seeOther && sent.location == "/admin/mail/outbox?state=pending&notice=test_queued", "\(sent)")
                let message = try await RouteMail.newest(api, to: target)
                #expect(message["subject"]?.stringValue == "Test email from the Gatehouse admin console")
                #expect(try await RouteMail.messages(api, to: target).count == 1, "the forged post queued nothing")
                #expect(try await Self.auditActors(api, action: "email_test_queued") == [accounts.operatorId])
            }
        }
    }

    @Test("signed out, the mail pages send to the sign-in; with the console off they do not exist", arguments: Backend.all)
    func guarded(_ backend: Backend) async throws {
        let paths = ["/admin/mail/outbox", "/admin/mail/test", "/admin/mail/\(UUID().uuidString.lowercased())/retry"]
        try await TestServer.run(backend) { api async throws in
            var browser = WebFormClient(api)
            for path in paths {
                let reply = try await browser.get(path)
                #expect(reply.status == .seeOther && reply.location == "/admin/login", "\(path): \(reply)")
            }
        }
        try await TestServer.run(backend, configure: { $0.adminConsole = .off }) { api async throws in
            var browser = WebFormClient(api)
            for path in paths { #expect(try await browser.get(path).status == .notFound, "\(path)") }
            #expect(try await api.atRoot.send(.get, "/admin/mail", bearer: api.serviceRoleToken).status == .ok)
        }
    }
}
