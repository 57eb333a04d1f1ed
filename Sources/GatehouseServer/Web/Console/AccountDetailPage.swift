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

/// `GET /admin/accounts/{id}`: one account's profile, a pending email change, what it signs in
/// with (each factor and passkey with its removal), where it is signed in, what happened to it,
/// and the actions an operator can take. Never a password hash, token, code or link.
struct AccountDetailPage {
    let profile: ConsoleAccountProfile
    var notice: ConsoleAccountNotice? = nil
    /// The actions offered: those not refused for this account and operator.
    var actions: [ConsoleAccountAction] = []

    var title: String { AccountActionText.displayName(profile.user) }

    var user: UserRecord { profile.user }

    /// The HTML inside the console's `<main>`.
    var body: String {
        var html = "<p class=\"breadcrumb\"><a href=\"\(AccountListPage.path)\">Accounts</a></p>\n"
        html += AccountsMarkup.notice(notice.map(AccountActionText.notice))
        html += section("Profile", profileList)
        if let change = pendingEmailChange { html += section("Pending email change", change) }
        html += section("Actions", actionLinks)
        html += section("Metadata", metadata)
        html += section("Identities", AccountDetailTables.identities(user, section: Self.id("Identities")))
        html += section("Sessions", AccountDetailTables.sessions(profile.sessions))
        let factors = "Two-factor authentication"
        html += section(factors, AccountDetailTables.factors(profile.factors, of: user.id, section: Self.id(factors)))
        html += section("Passkeys", AccountDetailTables.passkeys(profile.passkeys, of: user.id, section: Self.id("Passkeys")))
        html += section("Events", AccountDetailTables.events(profile))
        return html
    }

    /// The id of a section's heading, which names the section and a table that only repeats it.
    private static func id(_ heading: String) -> String {
        "account-" + heading.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    private func section(_ heading: String, _ content: String) -> String {
        let id = Self.id(heading)
        return "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(heading)</h2>\n\(content)\n</section>\n"
    }

    /// Rows of label and value, named by the section's heading.
    private static func rowTable(_ rows: [(String, String)], section: String) -> String {
        // A two-column table (labels as row headers): readable with the console's table styles.
        let items = rows.map { "<tr><th scope=\"row\">\($0.0)</th><td>\($0.1)</td></tr>" }.joined(separator: "\n")
        return
            "<div class=\"console-table-wrap\">\n<table class=\"console-table\" aria-labelledby=\"\(id(section))\">\n<tbody>\n\(items)\n</tbody>\n</table>\n</div>"
    }

    /// The change `PUT /user {email}` started and the addresses have not finished confirming:
    /// where to, when its emails went, and which address still has to confirm it.
    private var pendingEmailChange: String? {
        guard let newEmail = user.emailChange else { return nil }
        var waiting: [String] = []
        if user.emailChangeAwaiting.contains(.new) { waiting.append("the new address (\(HTMLText.escape(newEmail)))") }
        if user.emailChangeAwaiting.contains(.current) { waiting.append("the current address (\(HTMLText.escape(user.email)))") }
        let rows: [(String, String)] = [
            ("New address", HTMLText.escape(newEmail)),
            ("Emails sent", AccountsMarkup.time(user.emailChangeSentAt)),
            ("Still to confirm", waiting.isEmpty ? "<span class=\"console-muted\">nobody</span>" : waiting.joined(separator: " and ")),
        ]
        return Self.rowTable(rows, section: "Pending email change")
    }

    private var profileList: String {
        let now = Timestamp.now()
        let banned =
            user.isBanned(at: now)
            ? "Until " + AccountsMarkup.time(user.bannedUntil)
            : (user.bannedUntil == nil ? "No" : "No (ended " + AccountsMarkup.time(user.bannedUntil) + ")")
        let rows: [(String, String)] = [
            ("Id", "<code>\(user.id.lowercasedString)</code>"),
            ("Email", user.isAnonymous ? "<span class=\"console-muted\">none</span>" : HTMLText.escape(user.email)),
            ("Created", AccountsMarkup.time(user.createdAt)),
            ("Updated", AccountsMarkup.time(user.updatedAt)),
            ("Last sign-in", AccountsMarkup.time(user.lastSignInAt)),
            ("Email confirmed", user.isConfirmed ? AccountsMarkup.time(user.emailConfirmedAt) : "No"),
            ("Confirmation sent", AccountsMarkup.time(user.confirmationSentAt)),
            ("Recovery sent", AccountsMarkup.time(user.recoverySentAt)),
            ("Banned", banned),
            ("Anonymous", AccountsMarkup.yesNo(user.isAnonymous)),
            ("Operator (super admin)", AccountsMarkup.yesNo(profile.isOperator)),
            ("Password set", AccountsMarkup.yesNo(!(user.passwordHash ?? "").isEmpty)),
        ]
        return Self.rowTable(rows, section: "Profile")
    }

    private var actionLinks: String {
        guard !actions.isEmpty else { return "<p class=\"console-muted\">No actions apply to this account.</p>" }
        let base = AccountsMarkup.accountPath(user.id)
        let items = actions.map { "<li><a href=\"\(base)/\($0.rawValue)\">\(HTMLText.escape(AccountActionText.link($0)))</a></li>" }
        return "<ul class=\"actions\">\(items.joined())</ul>"
    }

    private var metadata: String {
        "<h3>User metadata</h3>\n\(AccountsMarkup.json(user.userMetadata))\n<h3>App metadata</h3>\n\(AccountsMarkup.json(user.appMetadata))"
    }
}
