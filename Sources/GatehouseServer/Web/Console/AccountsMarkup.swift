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

/// The small HTML vocabulary the console's account pages are written in. Every value from the
/// database passes through `HTMLText.escape` (addresses, user agents and metadata are chosen by users).
enum AccountsMarkup {
    /// A time as `<time>`: for people, with the exact instant as its `datetime` and tooltip
    /// (`ConsoleTime`); a dash for none.
    static func time(_ instant: Timestamp?) -> String {
        ConsoleTime.html(instant)
    }

    /// Words with the stored code beside them, smaller (`login_failed` under "Sign-in failed").
    static func labelled(_ label: String, code: String) -> String {
        "\(HTMLText.escape(label))<span class=\"console-code\"><code>\(HTMLText.escape(code))</code></span>"
    }

    static func yesNo(_ value: Bool) -> String { value ? "Yes" : "No" }

    /// A metadata object as indented JSON, escaped, in a `<pre>`.
    static func json(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "<pre class=\"json\">\(HTMLText.escape(text))</pre>"
    }

    /// The CSRF field every console form carries.
    static func csrfField(_ token: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(token))\">"
    }

    /// A table with column headers, named by its caption or, when the heading above already
    /// says what it holds, by that heading (`labelledBy`, its id): a caption repeating the
    /// heading would be read twice. `rows` are already-escaped cells. An empty table says so in
    /// a paragraph instead.
    static func table(caption: String?, labelledBy: String? = nil, headers: [String], rows: [[String]], empty: String) -> String {
        guard !rows.isEmpty else { return "<p class=\"console-muted\">\(HTMLText.escape(empty))</p>" }
        let name = labelledBy.map { " aria-labelledby=\"\(HTMLText.escape($0))\"" } ?? ""
        var html = "<div class=\"console-table-wrap\">\n<table class=\"console-table\"\(name)>\n"
        if let caption { html += "<caption>\(HTMLText.escape(caption))</caption>\n" }
        html += "<thead><tr>"
        for header in headers { html += "<th scope=\"col\">\(HTMLText.escape(header))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return html + "</tbody>\n</table>\n</div>"
    }

    /// The path of an account's page (ids are written lowercased, as everywhere).
    static func accountPath(_ id: UUID) -> String { "/admin/accounts/\(id.lowercasedString)" }

    /// A notice after an action, announced to screen readers.
    static func notice(_ text: String?) -> String {
        guard let text else { return "" }
        return "<div class=\"console-notice\" role=\"status\"><p>\(HTMLText.escape(text))</p></div>"
    }

    /// An error the operator must read (a refused action), announced at once.
    static func alert(_ text: String?) -> String {
        guard let text else { return "" }
        return "<div class=\"console-alert\" role=\"alert\"><p>\(HTMLText.escape(text))</p></div>"
    }
}
