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
import Testing

@testable import GatehouseServer

/// The console's account pages as HTML: what users chose is escaped, no secret is
/// shown, every control has a label, and the list's links keep the operator's query.
@Suite("Console accounts: pages")
struct ConsoleAccountPagesTests {
    static let hostile = "<script>alert(1)</script>"

    func user(_ email: String = "o.neil+x@example.com") -> UserRecord {
        var user = UserRecord.new(
            email: try! EmailAddress(validating: email), passwordHash: "$2b$04$secrethashsecrethashsecrethash",
            userMetadata: ["name": .string(Self.hostile)], confirmedAt: nil)
        user.passwordHash = "$2b$04$secrethashsecrethashsecrethash"
        return user
    }

    @Test("the account page escapes metadata, agents and traits, and never shows the password hash")
    func detailEscapes() {
        let user = user()
        let session = ConsoleSessionSummary(
            id: UUID(), aal: "aal1", userAgent: "Agent \(Self.hostile)", ip: "192.0.2.9", createdAt: user.createdAt,
            lastSeenAt: user.createdAt)
        let entry = AuditEntry(
            id: UUID(), createdAt: user.createdAt, action: "login_failed", userId: user.id, email: user.email, actor: nil,
            ipAddress: "192.0.2.9", userAgent: nil, requestId: nil, traits: ["reason": .string(Self.hostile)])
        let profile = ConsoleAccountProfile(user: user, sessions: [session], passkeys: [], auditEntries: [entry], auditTotal: 80)
        let page = AccountDetailPage(profile: profile, actions: [.sendRecovery, .ban])
        let html = page.body
        #expect(page.title == "o.neil+x@example.com")
        #expect(!html.contains("<h1"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("secrethash"))
        #expect(html.contains("Agent &lt;script&gt;"))
        #expect(html.contains("/admin/events?user_id=\(user.id.uuidString.lowercased())"))
        #expect(html.contains("The latest 1 of 80 entries."))
        #expect(html.contains("href=\"/admin/accounts/\(user.id.uuidString.lowercased())/send-recovery\""))
        #expect(!html.contains("/delete\""))
    }

    @Test("the list's search form is labelled and its page links keep the query")
    func listForm() {
        let rows = (0..<3).map { ConsoleAccountRow(user: user("u\($0)@example.com"), factorCount: $0, passkeyCount: 1) }
        let query = ConsoleAccountQuery(search: "a\"b&c", sort: .lastSignIn, ascending: true, page: 2)
        let html = AccountListPage(page: ConsoleAccountPage(query: query, rows: rows, total: 260)).body
        for id in ["accounts-q", "accounts-sort", "accounts-order"] {
            #expect(html.contains("<label for=\"\(id)\">"))
            #expect(html.contains("id=\"\(id)\""))
        }
        #expect(html.contains("value=\"a&quot;b&amp;c\""))
        #expect(html.contains("page 2 of 6"))
        #expect(html.contains("rel=\"next\""))
        #expect(html.contains("page=3"))
        #expect(html.contains("sort=last_sign_in&amp;order=asc"))
        #expect(html.contains("aria-current=\"page\""))
    }

    @Test("junk in the list's query falls back to the defaults")
    func junkQuery() {
        let query = AccountListPage.query(["sort": "drop table", "order": "sideways", "page": "-4", "q": "x"])
        #expect(query == ConsoleAccountQuery(search: "x"))
        #expect(AccountListPage.query(["page": "99999999999999999999"]).page == 1)
    }

    @Test("a confirmation page carries the CSRF token; a refusal shows its reason and no form")
    func confirmation() {
        let user = user()
        let ban = AccountActionPage(action: .ban, user: user, csrfToken: "tok\"en").body
        #expect(ban.contains("name=\"csrf\" value=\"tok&quot;en\""))
        #expect(ban.contains("<label for=\"ban-duration\">"))
        #expect(ban.contains("value=\"876000h\""))
        #expect(ban.contains("method=\"post\""))
        let delete = AccountActionPage(action: .delete, user: user, csrfToken: "t").body
        #expect(delete.contains("<label for=\"delete-confirmation\">"))
        let refused = AccountActionPage(action: .ban, user: user, refusal: .ownAccount, csrfToken: "t").body
        #expect(refused.contains("role=\"alert\""))
        #expect(!refused.contains("<form"))
        let unconfirmed = AccountActionPage(action: .sendRecovery, user: user, csrfToken: "t").body
        #expect(unconfirmed.contains("This address is not confirmed."))
    }
}
