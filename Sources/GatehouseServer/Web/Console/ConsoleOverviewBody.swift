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

/// The overview's body inside the console layout (which prints the `<h1>`): the current totals
/// and the last 24 hours as definition lists of cards, each linking to the page that lists them,
/// then one chart per activity series. Pure, and every text escaped (`HTMLText.escape`).
struct ConsoleOverviewBody {
    let overview: ConsoleOverview

    struct Card {
        var label: String
        var value: Int
        /// The console page behind the number, if there is one.
        var link: String?
    }

    var totals: [Card] {
        let totals = overview.totals
        return [
            Card(label: "Accounts", value: totals.accounts, link: "/admin/accounts"),
            Card(label: "Confirmed", value: totals.confirmed, link: "/admin/accounts"),
            Card(label: "Banned now", value: totals.banned, link: "/admin/accounts"),
            Card(label: "Active sessions", value: totals.activeSessions),
            Card(label: "Mail waiting", value: totals.outboxPending, link: "/admin/mail/outbox?state=pending"),
            Card(label: "Mail given up on", value: totals.outboxDead, link: "/admin/mail/outbox?state=dead"),
        ]
    }

    var lastDay: [Card] {
        ActivitySeries.allCases.map { Card(label: $0.heading, value: overview.activity.lastDay($0), link: $0.link) }
    }

    var charts: [BarChart] {
        ActivitySeries.allCases.map { series in
            BarChart(
                id: series.slug, heading: series.heading, singular: series.singular, plural: series.plural,
                colour: series.colour, firstHour: overview.activity.firstHour, counts: overview.activity.counts(series))
        }
    }

    var html: String {
        """
        <section class="overview-section" aria-labelledby="overview-totals">
        <h2 id="overview-totals">Now</h2>
        \(Self.cards(totals))
        </section>
        <section class="overview-section" aria-labelledby="overview-last-day">
        <h2 id="overview-last-day">Last 24 hours</h2>
        \(Self.cards(lastDay))
        </section>
        <section class="overview-section" aria-labelledby="overview-week">
        <h2 id="overview-week">Per hour, last 7 days</h2>
        <p class="console-muted">Hours and days are UTC. Each bar is one hour; the last one is the hour now under way.</p>
        \(charts.map(\.html).joined(separator: "\n"))
        </section>
        """
    }

    /// A `<dl>` of cards: the label (a link where a page lists the items) and the number.
    static func cards(_ cards: [Card]) -> String {
        let items = cards.map { card in
            let label = HTMLText.escape(card.label)
            let term = card.link.map { "<a href=\"\(HTMLText.escape($0))\">\(label)</a>" } ?? label
            return "<div class=\"overview-card\"><dt>\(term)</dt><dd>\(ChartText.grouped(card.value))</dd></div>"
        }
        return "<dl class=\"overview-cards\">\n" + items.joined(separator: "\n") + "\n</dl>"
    }
}
