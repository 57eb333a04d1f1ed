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

import Testing

@testable import GatehouseServer

/// The overview page's body: totals and the last day as linked cards, then a chart
/// per series, headings in order.
@Suite("Console overview: page body")
struct ConsoleOverviewBodyTests {
    static func overview() -> ConsoleOverview {
        let first: Int64 = 498_615
        let rows: [(action: String, hour: Int64, count: Int)] = [
            ("login", first + 167, 1200), ("login", first + 10, 34), ("login_failed", first + 160, 7),
            ("user_recovery_requested", first + 150, 2), ("email_sent", first + 150, 2), ("email_dead", first + 100, 1),
        ]
        return ConsoleOverview(
            totals: OverviewTotals(accounts: 12_345, confirmed: 12_000, banned: 3, activeSessions: 456, outboxPending: 2, outboxDead: 1),
            activity: HourlyActivity(firstHour: first, rows: rows))
    }

    @Test("totals and the last 24 hours, each linking to the page that lists them")
    func cards() {
        let html = ConsoleOverviewBody(overview: Self.overview()).html
        #expect(html.contains("<div class=\"overview-card\"><dt><a href=\"/admin/accounts\">Accounts</a></dt><dd>12,345</dd></div>"))
        #expect(html.contains("<dt>Active sessions</dt><dd>456</dd>"))
        // The console's outbox page, on the tab the card counts (/admin/mail is the admin API's JSON).
        #expect(html.contains("<dt><a href=\"/admin/mail/outbox?state=dead\">Mail given up on</a></dt><dd>1</dd>"))
        #expect(html.contains("<dt><a href=\"/admin/mail/outbox?state=pending\">Mail waiting</a></dt>"))
        #expect(html.contains("<dt><a href=\"/admin/events?action=login\">Sign-ins</a></dt><dd>1,200</dd>"))
        #expect(html.contains("<dt><a href=\"/admin/events?action=login_failed\">Failed sign-ins</a></dt><dd>7</dd>"))
        #expect(html.contains("<dt><a href=\"/admin/events?action=user_recovery_requested\">Recovery requests</a></dt><dd>2</dd>"))
        // The dead letter was 67 hours ago: outside the last day, inside the chart.
        #expect(html.contains("<dt><a href=\"/admin/mail/outbox?state=dead\">Emails failed</a></dt><dd>0</dd>"))
        #expect(html.contains("<figcaption id=\"emails-failed-caption\">1 email failed in 7 days (0 in the last 24 hours)"))
    }

    @Test("five charts under their own headings; headings go h2, then h3, never skipping")
    func structure() throws {
        let html = ConsoleOverviewBody(overview: Self.overview()).html
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5)
        for id in ["sign-ins", "failed-sign-ins", "recovery-requests", "emails-sent", "emails-failed"] {
            #expect(html.contains("<h3 id=\"\(id)-heading\">"), "\(id)")
            #expect(html.contains("aria-labelledby=\"\(id)-caption\""), "\(id)")
        }
        let levels = html.matches(of: try Regex("<h([1-6])")).map { Int(html[$0.range].dropFirst(2))! }
        #expect(levels.first == 2)
        #expect(!levels.contains(1))
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 })
        #expect(!html.contains("style"))
    }
}
