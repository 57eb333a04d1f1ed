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

/// The console's account pages through the router: the list, an account's page,
/// and each action's confirmation page and post, behind the console's guard, on both engines.
@Suite("Console accounts: pages and actions")
struct ConsoleAccountsRouteTests {
    /// The id the list links to for `email` (found through the search form).
    func accountId(_ browser: inout WebFormClient, _ email: String) async throws -> String {
        let page = try await browser.get("/admin/accounts?q=\(email)")
        let link = try #require(page.text.range(of: "href=\"/admin/accounts/"), "\(page)")
        return String(page.text[link.upperBound...].prefix { $0 != "\"" })
    }

    /// The audit entries of `userId` with `action`, through the admin API.
    func audit(_ api: API, _ userId: String, _ action: String) async throws -> [JSONValue] {
        let reply = try await api.send(.get, "/admin/audit?user_id=\(userId)&action=\(action)", bearer: api.serviceRoleToken)
        return try #require(reply.json?.arrayValue, "\(reply)")
    }

    @Test("the list: search, both sorts, paging links, junk falls back; signed out goes to the sign-in", arguments: Backend.all)
    func list(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var stranger = WebFormClient(api)
                #expect(try await stranger.get("/admin/accounts").location == "/admin/login")
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)

                let all = try await browser.get("/admin/accounts")
                #expect(all.status == .ok, "\(all)")
                #expect(all.text.contains("<h1>Accounts</h1>") && all.text.contains("aria-current=\"page\">Accounts</a>"))
                // (The layout's header names the operator: the rows are told apart by their links.)
                let operatorLink = "href=\"/admin/accounts/\(accounts.operatorId)\""
                #expect(all.text.contains(accounts.userEmail) && all.text.contains(operatorLink))
                #expect(all.text.contains("2 accounts"))

                let found = try await browser.get("/admin/accounts?q=\(accounts.userEmail.uppercased())")
                #expect(found.text.contains(accounts.userEmail) && !found.text.contains(operatorLink))
                #expect(found.text.contains("1 account matching"))
                let userLink = "href=\"/admin/accounts/\(try await accountId(&browser, accounts.userEmail))\""

                // The operator signed in (the console counts as a sign-in); the user never did.
                let bySignIn = try await browser.get("/admin/accounts?sort=last_sign_in&order=desc")
                let operatorAt = try #require(bySignIn.text.range(of: operatorLink))
                let userAt = try #require(bySignIn.text.range(of: userLink))
                #expect(operatorAt.lowerBound < userAt.lowerBound)
                let oldestFirst = try await browser.get("/admin/accounts?sort=created&order=asc")
                let operatorFirst = try #require(oldestFirst.text.range(of: operatorLink))
                #expect(operatorFirst.lowerBound < (try #require(oldestFirst.text.range(of: userLink))).lowerBound)
                #expect(bySignIn.text.contains("<option value=\"last_sign_in\" selected>"))

                let junk = try await browser.get("/admin/accounts?sort=x&order=y&page=zz&q=%25")
                #expect(junk.status == .ok)
                #expect(junk.text.contains("No accounts match."))
            }
        }
    }

    @Test("an account's page: sessions, factors, events, the operator flag; unknown ids are a 404 page", arguments: Backend.all)
    func detail(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                let signedIn = try await api.signIn(accounts.userEmail, headers: [.userAgent: "Phone <b>Browser</b>/2.0"])
                #expect(signedIn.status == .ok)
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                let id = try await accountId(&browser, accounts.userEmail)

                let page = try await browser.get("/admin/accounts/\(id)")
                #expect(page.status == .ok, "\(page)")
                #expect(page.text.contains("<h1>\(accounts.userEmail)</h1>"))
                #expect(page.text.contains("Phone &lt;b&gt;Browser&lt;/b&gt;/2.0"))
                #expect(page.text.contains("<code>login</code>"))
                #expect(page.text.contains("href=\"/admin/events?user_id=\(id)\""))
                #expect(page.text.contains("No second factors.") && page.text.contains("No passkeys."))
                #expect(!page.text.contains("$2"), "a bcrypt hash on the page")
                for action in ["send-recovery", "revoke-sessions", "ban", "delete"] {
                    #expect(page.text.contains("href=\"/admin/accounts/\(id)/\(action)\""), "\(action)")
                }
                #expect(!page.text.contains("/resend-confirmation\""), "offered for a confirmed address")

                let own = try await browser.get("/admin/accounts/\(accounts.operatorId)")
                #expect(own.text.contains("<th scope=\"row\">Operator (super admin)</th><td>Yes</td>"))
                #expect(!own.text.contains("/ban\"") && !own.text.contains("/delete\""))

                for path in [
                    "/admin/accounts/\(UUID())", "/admin/accounts/nope", "/admin/accounts/\(id)/explode", "/admin/accounts/\(UUID())/ban",
                ] {
                    let missing = try await browser.get(path)
                    #expect(missing.status == .notFound, "\(path): \(missing)")
                    #expect(missing.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
                }
            }
        }
    }

    @Test("revoke-sessions: the GET only asks; the post ends every session, audited with the operator", arguments: Backend.all)
    func revoke(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                let session = try TestSession(try await api.signIn(accounts.userEmail))
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                let path = "/admin/accounts/\(session.userId)/revoke-sessions"

                let confirm = try await browser.get(path)
                #expect(confirm.status == .ok)
                #expect(confirm.text.contains("<form method=\"post\" action=\"\(path)\""))
                let fresh = try TestSession(try await api.refresh(session.refreshToken))

                // A post without the page's token changes nothing.
                let forged = try await browser.post(path, [:])
                #expect(forged.status == .forbidden, "\(forged)")
                let foreign = try await browser.post(path, ["csrf": "x"], headers: [.origin: "https://evil.example"])
                #expect(foreign.status == .forbidden)
                let stillFresh = try TestSession(try await api.refresh(fresh.refreshToken))

                let done = try await browser.consolePost(path, from: path)
                #expect(done.status == .seeOther)
                #expect(done.location == "/admin/accounts/\(session.userId)?notice=sessions-revoked")
                #expect(try await api.refresh(stillFresh.refreshToken).status != .ok)
                let notice = try await browser.get(try #require(done.location))
                #expect(notice.text.contains("Every session of this account has ended."))
                let entry = try #require(try await audit(api, session.userId, "token_revoked").first)
                #expect(entry["payload"]?["actor_id"]?.stringValue == accounts.operatorId)
            }
        }
    }

    @Test("ban for a chosen time and unban; the banned user cannot sign in", arguments: Backend.all)
    func banAndUnban(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                let id = try await accountId(&browser, accounts.userEmail)
                let ban = "/admin/accounts/\(id)/ban"
                let form = try await browser.get(ban)
                #expect(form.text.contains("<label for=\"ban-duration\">") && form.text.contains("<option value=\"876000h\">"))

                let done = try await browser.consolePost(ban, from: ban, ["duration": "168h"])
                #expect(done.location == "/admin/accounts/\(id)?notice=banned", "\(done)")
                #expect(try await api.signIn(accounts.userEmail).status != .ok)
                let banned = try #require(try await audit(api, id, "user_banned").first)
                #expect(banned["payload"]?["actor_id"]?.stringValue == accounts.operatorId)

                let unban = "/admin/accounts/\(id)/unban"
                #expect(try await browser.consolePost(unban, from: unban).location == "/admin/accounts/\(id)?notice=unbanned")
                #expect(try await api.signIn(accounts.userEmail).status == .ok)
                #expect(try await audit(api, id, "user_unbanned").first?["payload"]?["actor_id"]?.stringValue == accounts.operatorId)
                // Not banned any more: nothing to lift.
                let again = try await browser.consolePost(unban, from: ban)
                #expect(again.status == .conflict)
                #expect(again.text.contains("This account is not banned."))
            }
        }
    }

    @Test("send-recovery reaches the dev mailbox; resend-confirmation refuses a confirmed address", arguments: Backend.all)
    func emails(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                let id = try await accountId(&browser, accounts.userEmail)
                let path = "/admin/accounts/\(id)/send-recovery"
                #expect(try await browser.consolePost(path, from: path).location == "/admin/accounts/\(id)?notice=recovery-sent")
                let mail = try await RouteMail.newest(api, to: accounts.userEmail)
                #expect(mail["subject"]?.stringValue?.isEmpty == false)
                let page = try await browser.get("/admin/accounts/\(id)")
                #expect(page.text.contains("<code>user_recovery_requested</code>"))
                #expect(!page.text.contains("token="), "a link on the console")

                let resend = "/admin/accounts/\(id)/resend-confirmation"
                let refused = try await browser.consolePost(resend, from: resend)
                #expect(refused.status == .conflict)
                #expect(refused.text.contains("already confirmed"))
            }
        }
    }

    @Test("delete asks for the address typed; an operator cannot ban, revoke or delete themselves", arguments: Backend.all)
    func deleteAndSelf(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                _ = try await browser.consoleSignIn(accounts.operatorEmail)
                for action in ["ban", "revoke-sessions", "delete"] {
                    let path = "/admin/accounts/\(accounts.operatorId)/\(action)"
                    let page = try await browser.get(path)
                    #expect(page.text.contains("your own account") && !page.text.contains("action=\"\(path)\""), "\(action)")
                    let posted = try await browser.consolePost(
                        path, from: "/admin/accounts", ["duration": "1h", "confirmation": accounts.operatorEmail])
                    #expect(posted.status == .conflict, "\(action): \(posted)")
                }
                #expect(try await browser.get("/admin/accounts").status == .ok, "the operator is still signed in")

                let id = try await accountId(&browser, accounts.userEmail)
                let path = "/admin/accounts/\(id)/delete"
                let wrong = try await browser.consolePost(path, from: path, ["confirmation": "someone@else.example"])
                #expect(wrong.status == .conflict && wrong.text.contains("does not match"))
                let done = try await browser.consolePost(path, from: path, ["confirmation": accounts.userEmail])
                #expect(done.location == "/admin/accounts?notice=deleted", "\(done)")
                #expect(try await browser.get("/admin/accounts/\(id)").status == .notFound)
                #expect(try await audit(api, id, "user_deleted").first?["payload"]?["actor_id"]?.stringValue == accounts.operatorId)
            }
        }
    }
}
