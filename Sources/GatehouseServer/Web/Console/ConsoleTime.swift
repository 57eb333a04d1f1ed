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

/// How the console writes an instant: `25 Nov 2026, 10:42 UTC` for people, in a `<time>` whose
/// `datetime` is the stored instant and whose `title` (the tooltip) spells it to the
/// microsecond. Always UTC, as the logs and the filters are: no reader's time zone to guess.
enum ConsoleTime {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `25 Nov 2026, 10:42 UTC`.
    static func label(_ instant: Timestamp) -> String {
        let text = Array(instant.rfc3339.utf8)
        // RFC 3339 with a four-digit year: `YYYY-MM-DDTHH:MM:…`; any other year as stored.
        guard text.count >= 16, text[4] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T") else { return instant.rfc3339 }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: text[range], as: UTF8.self)) ?? 0 }
        let month = number(5..<7)
        guard (1...12).contains(month) else { return instant.rfc3339 }
        let clock = String(decoding: text[11..<16], as: UTF8.self)
        return "\(number(8..<10)) \(months[month - 1]) \(String(decoding: text[0..<4], as: UTF8.self)), \(clock) UTC"
    }

    /// `2026-11-25 10:42:07.123456 UTC`: the tooltip's exact instant.
    static func exact(_ instant: Timestamp) -> String {
        instant.rfc3339.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    /// The `<time>` element for `instant`; a muted dash for none.
    static func html(_ instant: Timestamp?) -> String {
        guard let instant else { return "<span class=\"console-muted\">—</span>" }
        return "<time datetime=\"\(HTMLText.escape(instant.rfc3339))\" title=\"\(HTMLText.escape(exact(instant)))\">"
            + "\(HTMLText.escape(label(instant)))</time>"
    }

    /// The values a template's `<time>` needs: `datetime`, `title` and the label.
    static func values(_ instant: Timestamp) -> (datetime: String, title: String, label: String) {
        (instant.rfc3339, exact(instant), label(instant))
    }
}
