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

/// The console overview's SVG bar chart: round ticks, 168 bars with their tooltips,
/// an empty state for no data, everything escaped, nothing a strict CSP would block.
@Suite("Console overview: bar chart")
struct BarChartTests {
    /// 2026-11-18 15:00 UTC, a Wednesday; the 168th hour is Wednesday 25 November, 14:00.
    static let firstHour: Int64 = 498_615

    static func chart(_ counts: [Int], heading: String = "Sign-ins", singular: String = "sign-in", plural: String = "sign-ins")
        -> BarChart
    {
        BarChart(
            id: "sign-ins", heading: heading, singular: singular, plural: plural, colour: "#1d4ed8", firstHour: firstHour,
            counts: counts)
    }

    /// Zero everywhere but the given hours.
    static func counts(_ values: [Int: Int]) -> [Int] {
        (0..<168).map { values[$0] ?? 0 }
    }

    static func occurrences(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("ticks are round, three to five of them, and the top is reached by at least half the tallest bar")
    func ticks() throws {
        #expect(ChartScale(maximum: 0) == nil)
        #expect(ChartScale(maximum: 1)?.ticks == [0, 1, 2])
        #expect(ChartScale(maximum: 4)?.ticks == [0, 1, 2, 3, 4])
        #expect(ChartScale(maximum: 5)?.ticks == [0, 2, 4, 6])
        #expect(ChartScale(maximum: 56)?.ticks == [0, 20, 40, 60])
        #expect(ChartScale(maximum: 100)?.ticks == [0, 50, 100])
        #expect(ChartScale(maximum: 1234)?.ticks == [0, 500, 1000, 1500])
        for maximum in 1...20_000 {
            let scale = try #require(ChartScale(maximum: maximum))
            #expect((3...5).contains(scale.ticks.count), "\(maximum)")
            #expect(scale.top >= maximum && maximum * 2 >= scale.top || maximum == 1, "\(maximum)")
            var step = scale.step
            while step % 10 == 0 { step /= 10 }
            #expect([1, 2, 5].contains(step), "\(maximum)")
        }
    }

    @Test("168 bars, each with its hour and count as a title; the tallest bar and a single event are visible")
    func bars() {
        let svg = SVGBarChart(chart: Self.chart(Self.counts([0: 1, 100: 1234, 167: 56]))).svg
        #expect(Self.occurrences("<rect ", in: svg) == 168)
        #expect(Self.occurrences("<title>", in: svg) == 168)
        #expect(svg.contains("<title>Wed 18 Nov 15:00–16:00 UTC: 1 sign-in</title>"))
        #expect(svg.contains("<title>Wed 25 Nov 14:00–15:00 UTC: 56 sign-ins</title>"))
        #expect(svg.contains("<title>Sun 22 Nov 19:00–20:00 UTC: 1,234 sign-ins</title>"))
        #expect(svg.contains("<title>Thu 19 Nov 00:00–01:00 UTC: 0 sign-ins</title>"))
        // 1,234 of an axis topped at 1,500 over 180 units: 148; one event still gets one unit.
        #expect(svg.contains("<rect x=\"452\" y=\"40\" width=\"3\" height=\"148\">"))
        #expect(svg.contains("<rect x=\"52\" y=\"187\" width=\"3\" height=\"1\">"))
        #expect(svg.contains("<rect x=\"56\" y=\"188\" width=\"3\" height=\"0\">"))
        for tick in [">0</text>", ">500</text>", ">1,000</text>", ">1,500</text>"] { #expect(svg.contains(tick), "\(tick)") }
    }

    @Test("days along the x axis, in UTC, one tick per midnight, no label for a sliver of a day")
    func days() {
        let svg = SVGBarChart(chart: Self.chart(Self.counts([3: 2]))).svg
        for day in ["Thu 19 Nov", "Fri 20 Nov", "Sat 21 Nov", "Sun 22 Nov", "Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov"] {
            #expect(svg.contains(">\(day)</text>"), "\(day)")
        }
        // Wednesday the 18th shows only nine hours (15:00 to midnight).
        #expect(!svg.contains(">Wed 18 Nov</text>"))
        #expect(svg.contains("<text class=\"chart-label\" x=\"694\" y=\"208\" text-anchor=\"middle\">Wed 25 Nov</text>"))
        // Four hours earlier, the 25th has eleven: its label, centred on them, would run off the
        // right edge (732), so it moves in.
        var earlier = Self.chart(Self.counts([3: 2]))
        earlier.firstHour -= 4
        let moved = SVGBarChart(chart: earlier).svg
        #expect(moved.contains("<text class=\"chart-label\" x=\"696\" y=\"208\" text-anchor=\"middle\">Wed 25 Nov</text>"))
        #expect(Self.occurrences("y2=\"194\"", in: svg) == 7)
    }

    @Test("labelled for assistive technology by a caption that sums the series up; the same numbers as a table")
    func accessible() {
        let html = Self.chart(Self.counts([0: 1, 100: 1234, 150: 9, 167: 56])).html
        #expect(html.contains("role=\"img\" aria-labelledby=\"sign-ins-caption\""))
        #expect(
            html.contains(
                "<figcaption id=\"sign-ins-caption\">1,300 sign-ins in 7 days (65 in the last 24 hours); busiest hour Sun 22 Nov 19:00 UTC (1,234).</figcaption>"
            ))
        #expect(html.contains("<section class=\"chart\" aria-labelledby=\"sign-ins-heading\">"))
        #expect(html.contains("<h3 id=\"sign-ins-heading\">Sign-ins</h3>"))
        #expect(html.contains("<details class=\"chart-data\">"))
        #expect(html.contains("<th scope=\"col\">Hour (UTC)</th><th scope=\"col\">Sign-ins</th>"))
        #expect(Self.occurrences("<tr><th scope=\"row\">", in: html) == 168)
        #expect(html.contains("<tr><th scope=\"row\">Sun 22 Nov 19:00</th><td>1,234</td></tr>"))
        #expect(Self.chart(Self.counts([5: 1])).summary.hasPrefix("1 sign-in in 7 days (0 in the last 24 hours); busiest hour"))
    }

    @Test("no data: an empty-state chart, no bars, no table, nothing divided by zero")
    func empty() {
        let chart = Self.chart(Array(repeating: 0, count: 168))
        let html = chart.html
        #expect(chart.summary == "No sign-ins in 7 days.")
        #expect(html.contains(">No sign-ins in these 7 days</text>"))
        #expect(html.contains("<figcaption id=\"sign-ins-caption\">No sign-ins in 7 days.</figcaption>"))
        #expect(!html.contains("<rect"))
        #expect(!html.contains("<details"))
        #expect(!html.lowercased().contains("nan") && !html.lowercased().contains("inf"))
        #expect(html.contains(">Wed 25 Nov</text>"))
    }

    @Test("text is escaped everywhere; ids keep only safe characters")
    func escaping() {
        var chart = Self.chart(
            Self.counts([2: 3]), heading: "<b>\"Sign-ins\" & 'co'</b>", singular: "<i>one</i>", plural: "<script>x</script>")
        chart.id = "a\"><script>b"
        chart.colour = "\"/><script>alert(1)</script>"
        let html = chart.html
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("&lt;b&gt;&quot;Sign-ins&quot; &amp; &#39;co&#39;&lt;/b&gt;"))
        #expect(html.contains("id=\"ascriptb-caption\""))
        #expect(html.contains("fill=\"&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
    }

    @Test("CSP-clean and deterministic: no style attribute or element, no script, the same bytes every time")
    func cspClean() throws {
        for counts in [Self.counts([0: 1, 100: 1234, 167: 56]), Array(repeating: 0, count: 168)] {
            let html = Self.chart(counts).html
            #expect(!html.contains("style"))
            #expect(!html.contains("<script") && !html.contains("javascript:"))
            #expect(html.firstMatch(of: try Regex(" on[a-z]+=")) == nil)
            #expect(html == Self.chart(counts).html)
        }
    }

    @Test("numbers are grouped by thousands")
    func grouping() {
        #expect(ChartText.grouped(0) == "0")
        #expect(ChartText.grouped(999) == "999")
        #expect(ChartText.grouped(1000) == "1,000")
        #expect(ChartText.grouped(1_234_567) == "1,234,567")
        #expect(ChartText.grouped(-12_345) == "-12,345")
    }
}
