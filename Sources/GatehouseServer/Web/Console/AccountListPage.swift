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

/// `GET /admin/accounts`: the search form (a plain GET form, no script), the matching accounts
/// and links to the other pages.
struct AccountListPage {
    let page: ConsoleAccountPage
    var notice: ConsoleAccountNotice? = nil

    static let title = "Accounts"
    static let path = "/admin/accounts"

    /// The query a GET of the page carries; junk falls back to the defaults (never an error).
    static func query(_ parameters: [String: String]) -> ConsoleAccountQuery {
        var query = ConsoleAccountQuery()
        query.search = parameters["q"] ?? ""
        query.sort = parameters["sort"].flatMap(ConsoleAccountQuery.Sort.init(rawValue:)) ?? .created
        query.ascending = parameters["order"] == "asc"
        if let page = parameters["page"].flatMap({ Int($0) }), page > 0, page <= 1_000_000 { query.page = page }
        return query
    }

    /// The page's address for `query` (what the page links use).
    static func href(_ query: ConsoleAccountQuery) -> String {
        var components = URLComponents()
        components.path = path
        var items: [URLQueryItem] = []
        if !query.search.isEmpty { items.append(URLQueryItem(name: "q", value: query.search)) }
        items.append(URLQueryItem(name: "sort", value: query.sort.rawValue))
        items.append(URLQueryItem(name: "order", value: query.ascending ? "asc" : "desc"))
        if query.page > 1 { items.append(URLQueryItem(name: "page", value: String(query.page))) }
        components.queryItems = items
        return components.string ?? path
    }

    /// The HTML inside the console's `<main>`.
    var body: String {
        // The console's layout prints the page's <h1> (its title).
        var html = AccountsMarkup.notice(notice.map(AccountActionText.notice))
        html += searchForm
        let query = page.query
        let summary = page.total == 1 ? "1 account" : "\(page.total) accounts"
        html += "<p id=\"accounts-summary\">\(summary)\(query.search.isEmpty ? "" : " matching “\(HTMLText.escape(query.search))”")"
        html += page.total > 0 ? ", page \(query.page) of \(page.pageCount).</p>\n" : ".</p>\n"
        html += AccountsMarkup.table(
            caption:
                "Accounts, sorted by \(query.sort == .created ? "creation" : "last sign-in"), \(query.ascending ? "oldest" : "newest") first",
            headers: ["Email", "Created", "Last sign-in", "Confirmed", "Banned", "Operator", "Factors", "Passkeys"],
            rows: page.rows.map(row), empty: page.query.page > 1 ? "No accounts on this page." : "No accounts match.")
        return html + pager
    }

    private func row(_ row: ConsoleAccountRow) -> [String] {
        let user = row.user
        let now = Timestamp.now()
        let name = HTMLText.escape(AccountActionText.displayName(user))
        return [
            "<a href=\"\(AccountsMarkup.accountPath(user.id))\">\(name)</a>",
            AccountsMarkup.time(user.createdAt),
            AccountsMarkup.time(user.lastSignInAt),
            AccountsMarkup.yesNo(user.isConfirmed),
            user.isBanned(at: now) ? "Until " + AccountsMarkup.time(user.bannedUntil) : "No",
            AccountsMarkup.yesNo(row.isOperator),
            String(row.factorCount),
            String(row.passkeyCount),
        ]
    }

    private var searchForm: String {
        let query = page.query
        func option(_ value: String, _ label: String, selected: Bool) -> String {
            "<option value=\"\(value)\"\(selected ? " selected" : "")>\(label)</option>"
        }
        return """
            <form method="get" action="\(Self.path)" class="console-filters" role="search">
            <div><label for="accounts-q">Email contains</label>
            <input type="search" id="accounts-q" name="q" value="\(HTMLText.escape(query.search))" maxlength="\(ConsoleAccountQuery.maximumSearchLength)" autocomplete="off"></div>
            <div><label for="accounts-sort">Sort by</label>
            <select id="accounts-sort" name="sort">\(option("created", "Created", selected: query.sort == .created))\(option("last_sign_in", "Last sign-in", selected: query.sort == .lastSignIn))</select></div>
            <div><label for="accounts-order">Order</label>
            <select id="accounts-order" name="order">\(option("desc", "Newest first", selected: !query.ascending))\(option("asc", "Oldest first", selected: query.ascending))</select></div>
            <div><button type="submit" class="button primary">Search</button></div>
            </form>

            """
    }

    /// Previous, next and nearby page numbers (at most 9 links, whatever the page count).
    private var pager: String {
        guard page.pageCount > 1 else { return "" }
        let current = page.query.page
        func link(_ number: Int, _ label: String, rel: String? = nil) -> String {
            var query = page.query
            query.page = number
            let relation = rel.map { " rel=\"\($0)\"" } ?? ""
            let here = number == current && rel == nil ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(HTMLText.escape(Self.href(query)))\"\(relation)\(here)>\(label)</a></li>"
        }
        var items: [String] = []
        if current > 1 { items.append(link(current - 1, "Previous", rel: "prev")) }
        let low = max(1, current - 3)
        let high = min(page.pageCount, current + 3)
        if low > 1 { items.append(link(1, "1")) }
        for number in low...max(low, high) where number <= page.pageCount { items.append(link(number, String(number))) }
        if high < page.pageCount { items.append(link(page.pageCount, String(page.pageCount))) }
        if current < page.pageCount { items.append(link(current + 1, "Next", rel: "next")) }
        return "\n<nav aria-label=\"Pages\" class=\"console-pager\"><ul>\(items.joined())</ul></nav>\n"
    }
}
