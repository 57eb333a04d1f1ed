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

/// One series of hourly counts as the console shows it: a heading, an SVG bar chart with a
/// caption that sums it up, and the same numbers as a table for screen readers and browsers
/// that show no SVG. Pure: the same chart always renders to the same bytes.
struct BarChart: Sendable {
    /// Names the chart's elements (`<id>-heading`, `<id>-caption`); only a–z, 0–9 and `-` are kept.
    var id: String
    var heading: String
    /// What one count is: `sign-in` / `sign-ins`.
    var singular: String
    var plural: String
    /// The bars' fill, a colour with at least 4.5:1 contrast on white.
    var colour: String
    /// The first bar's hour (hours since the Unix epoch); bar `i` is hour `firstHour + i`.
    var firstHour: Int64
    var counts: [Int]
    var headingLevel = 3

    var total: Int { counts.reduce(0, +) }

    /// The element ids' stem, reduced to characters that need no escaping anywhere.
    var safeId: String {
        String(id.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
    }

    /// The caption: `1,234 sign-ins in 7 days (56 in the last 24 hours); busiest hour Wed 25 Nov
    /// 14:00 UTC (12).` — or, with no data, `No sign-ins in 7 days.`
    var summary: String {
        guard total > 0, let busiest = counts.indices.max(by: { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) })
        else { return "No \(plural) in 7 days." }
        let lastDay = counts.suffix(24).reduce(0, +)
        return ChartText.counted(total, singular, plural) + " in 7 days (" + ChartText.grouped(lastDay) + " in the last 24 hours)"
            + "; busiest hour " + ChartText.hour(firstHour + Int64(busiest)) + " UTC (" + ChartText.grouped(counts[busiest]) + ")."
    }

    /// The chart's HTML: a section with its heading, the figure and the table.
    ///
    /// On a narrow screen the picture is wider than the page and scrolls sideways inside
    /// `chart-scroll`, which the stylesheet lays out right to left so that it opens on its right
    /// end, the hour under way, and the hint (shown only there) says the earlier days are to
    /// the left. No script: the layout alone decides where the scrolling starts.
    var html: String {
        let id = safeId
        let level = min(6, max(2, headingLevel))
        let hint = total > 0 ? "<p class=\"chart-scroll-hint\" aria-hidden=\"true\">← Earlier days: scroll the chart to the left</p>\n" : ""
        return """
            <section class="chart" aria-labelledby="\(id)-heading">
            <h\(level) id="\(id)-heading">\(HTMLText.escape(heading))</h\(level)>
            <figure class="chart-figure">
            <div class="chart-scroll">
            \(SVGBarChart(chart: self).svg)
            </div>
            \(hint)<figcaption id="\(id)-caption">\(HTMLText.escape(summary))</figcaption>
            </figure>
            \(ChartDataTable(chart: self).html)
            </section>
            """
    }
}
