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

/// The account page's tables: identities, sessions, factors, passkeys and audit entries. A
/// table under a heading that names it is labelled by that heading (`section`, the heading's
/// id) rather than captioned with the same words again.
enum AccountDetailTables {
    static func identities(_ user: UserRecord, section: String) -> String {
        let rows = (user.identity.map { [$0] } ?? []).map { identity in
            [
                HTMLText.escape(identity.provider), "<code>\(HTMLText.escape(identity.providerId))</code>",
                AccountsMarkup.time(identity.createdAt), AccountsMarkup.time(identity.lastSignInAt),
            ]
        }
        return AccountsMarkup.table(
            caption: nil, labelledBy: section, headers: ["Provider", "Provider id", "Linked", "Last sign-in"], rows: rows,
            empty: "No identities.")
    }

    static func sessions(_ sessions: [ConsoleSessionSummary]) -> String {
        let rows = sessions.map { session in
            [
                session.userAgent.map(HTMLText.escape) ?? "<span class=\"console-muted\">unknown</span>",
                session.ip.map(HTMLText.escape) ?? "<span class=\"console-muted\">unknown</span>",
                AccountsMarkup.time(session.createdAt), AccountsMarkup.time(session.lastSeenAt),
                AccountsMarkup.labelled(ConsoleLabels.assurance(session.aal), code: session.aal),
            ]
        }
        return AccountsMarkup.table(
            caption: "Active sessions, most recently seen first", headers: ["Device", "IP address", "Signed in", "Last seen", "Assurance"],
            rows: rows, empty: "No active sessions.")
    }

    static func factors(_ factors: [FactorRecord], of userId: UUID, section: String) -> String {
        let rows = factors.map { factor in
            [
                factor.factorType == "totp" ? "Authenticator app" : HTMLText.escape(factor.factorType),
                factor.friendlyName.isEmpty ? "<span class=\"console-muted\">unnamed</span>" : HTMLText.escape(factor.friendlyName),
                factor.isVerified ? "Confirmed" : "Not confirmed yet", AccountsMarkup.time(factor.createdAt),
                removal(.removeFactor, id: factor.id, name: factor.friendlyName, of: userId),
            ]
        }
        return AccountsMarkup.table(
            caption: nil, labelledBy: section, headers: ["Type", "Name", "Status", "Created", "Action"], rows: rows,
            empty: "No second factors.")
    }

    static func passkeys(_ passkeys: [PasskeySummary], of userId: UUID, section: String) -> String {
        let rows = passkeys.map { passkey in
            [
                HTMLText.escape(passkey.friendlyName), AccountsMarkup.time(passkey.createdAt), AccountsMarkup.time(passkey.lastUsedAt),
                removal(.removePasskey, id: passkey.id, name: passkey.friendlyName, of: userId),
            ]
        }
        return AccountsMarkup.table(
            caption: nil, labelledBy: section, headers: ["Name", "Created", "Last used", "Action"], rows: rows, empty: "No passkeys.")
    }

    /// The link to a removal's confirmation; its text names the row (links are read out of context).
    private static func removal(_ action: ConsoleAccountAction, id: UUID, name: String, of userId: UUID) -> String {
        let field = action.itemField ?? ""
        let href = "\(AccountsMarkup.accountPath(userId))/\(action.rawValue)?\(field)=\(id.lowercasedString)"
        let label = name.isEmpty ? "Remove…" : "Remove “\(HTMLText.escape(name))”…"
        return "<a href=\"\(href)\">\(label)</a>"
    }

    /// The latest entries, and a link to the whole log filtered to the account.
    static func events(_ profile: ConsoleAccountProfile) -> String {
        let rows = profile.auditEntries.map { entry in
            [
                AccountsMarkup.time(entry.createdAt), AccountsMarkup.labelled(ConsoleLabels.action(entry.action), code: entry.action),
                ConsoleActors.html(entry, accounts: profile.actors), HTMLText.escape(entry.ipAddress.isEmpty ? "—" : entry.ipAddress),
                details(entry.traits),
            ]
        }
        let id = profile.user.id.lowercasedString
        let shown = profile.auditEntries.count
        let more =
            profile.auditTotal > shown
            ? "The latest \(shown) of \(profile.auditTotal) entries."
            : "\(profile.auditTotal) \(profile.auditTotal == 1 ? "entry" : "entries")."
        return AccountsMarkup.table(
            caption: "Latest events, newest first", headers: ["Time", "Event", "By", "IP address", "Details"], rows: rows,
            empty: "No events recorded.")
            + "\n<p>\(more) <a href=\"/admin/events?user_id=\(id)\">All events of this account</a></p>"
    }

    /// An entry's traits as `name: value` pairs, codes the console names in words (the log
    /// never holds secrets; escaped anyway).
    private static func details(_ traits: [String: JSONValue]) -> String {
        traits.keys.sorted().map { key in
            let value = ConsoleLabels.trait(key, traits[key]?.stringValue ?? "…")
            return "\(HTMLText.escape(key)): \(HTMLText.escape(value))"
        }.joined(separator: "<br>")
    }
}
