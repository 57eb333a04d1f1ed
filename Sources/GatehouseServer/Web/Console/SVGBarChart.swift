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

/// Draws a `BarChart` as inline SVG: one bar per hour, each with a `<title>` (its hour and
/// count, the tooltip), a y axis of round ticks, and the UTC days along the x axis.
///
/// CSP-clean by construction: presentation attributes only (fill, stroke, font-size), no
/// `style` attribute or element and no script, so a `style-src` without 'unsafe-inline' applies
/// it all. The console stylesheet may restyle it through the `chart-*` classes. Coordinates are
/// whole numbers computed with integers: the output is byte-for-byte reproducible.
struct SVGBarChart {
    let chart: BarChart

    // The layout, in SVG user units.
    static let left = 52
    static let top = 8
    static let barPitch = 4
    static let barWidth = 3
    /// Divisible by 2, 3 and 4, the axis's possible step counts: ticks land on whole units.
    static let plotHeight = 180
    static let right = 8
    static let labelHalfWidth = 36
    static let textColour = "#374151"
    static let gridColour = "#d1d5db"
    static let axisColour = "#4b5563"

    var plotWidth: Int { chart.counts.count * Self.barPitch }
    var baseline: Int { Self.top + Self.plotHeight }
    var width: Int { Self.left + plotWidth + Self.right }
    var height: Int { baseline + 34 }

    var svg: String {
        // An empty chart has nothing to read at full size: it may shrink to the page's width.
        let classes = chart.total > 0 ? "chart-svg" : "chart-svg chart-svg-empty"
        var parts = [
            """
            <svg xmlns="http://www.w3.org/2000/svg" class="\(classes)" viewBox="0 0 \(width) \(height)" width="100%" \
            role="img" aria-labelledby="\(chart.safeId)-caption" focusable="false" font-family="system-ui, sans-serif" font-size="11">
            """
        ]
        if let scale = ChartScale(maximum: chart.counts.max() ?? 0) {
            parts.append(grid(scale))
            parts.append(bars(scale))
        } else {
            parts.append(emptyState)
        }
        parts.append(
            "<line class=\"chart-axis\" x1=\"\(Self.left)\" y1=\"\(baseline)\" x2=\"\(Self.left + plotWidth)\" y2=\"\(baseline)\" "
                + "stroke=\"\(Self.axisColour)\" stroke-width=\"1\"/>")
        parts.append(days)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The horizontal lines and their values, 0 at the baseline.
    private func grid(_ scale: ChartScale) -> String {
        var lines = ["<g class=\"chart-grid\">"]
        for (index, value) in scale.ticks.enumerated() {
            let y = baseline - index * Self.plotHeight / scale.intervals
            lines.append(
                "<line x1=\"\(Self.left)\" y1=\"\(y)\" x2=\"\(Self.left + plotWidth)\" y2=\"\(y)\" stroke=\"\(Self.gridColour)\" "
                    + "stroke-width=\"1\"/>")
            lines.append(
                "<text class=\"chart-label\" x=\"\(Self.left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\" fill=\"\(Self.textColour)\">"
                    + "\(ChartText.grouped(value))</text>")
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    private func bars(_ scale: ChartScale) -> String {
        var lines = ["<g class=\"chart-bars\" fill=\"\(HTMLText.escape(chart.colour))\">"]
        for (index, count) in chart.counts.enumerated() {
            let length = scale.length(of: count, in: Self.plotHeight)
            let title = ChartText.hourSpan(chart.firstHour + Int64(index)) + ": " + ChartText.counted(count, chart.singular, chart.plural)
            lines.append(
                "<rect x=\"\(Self.left + index * Self.barPitch)\" y=\"\(baseline - length)\" width=\"\(Self.barWidth)\" "
                    + "height=\"\(length)\"><title>\(HTMLText.escape(title))</title></rect>")
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// No data: a message where the bars would be, rather than an axis scaled to nothing.
    private var emptyState: String {
        "<text class=\"chart-empty\" x=\"\(Self.left + plotWidth / 2)\" y=\"\(Self.top + Self.plotHeight / 2)\" "
            + "text-anchor=\"middle\" font-size=\"14\" fill=\"\(Self.textColour)\">"
            + "\(HTMLText.escape("No \(chart.plural) in these 7 days"))</text>"
    }

    /// A tick at each UTC midnight, and each day's name under its hours when at least ten of
    /// them are shown (a sliver of a day at either end gets no label to collide with).
    private var days: String {
        var lines = ["<g class=\"chart-days\" fill=\"\(Self.textColour)\">"]
        var segmentStart = 0
        for index in 0...chart.counts.count {
            let atEnd = index == chart.counts.count
            guard atEnd || (index > 0 && ChartText.isMidnight(chart.firstHour + Int64(index))) else { continue }
            if !atEnd {
                let x = Self.left + index * Self.barPitch
                lines.append(
                    "<line x1=\"\(x)\" y1=\"\(baseline)\" x2=\"\(x)\" y2=\"\(baseline + 6)\" stroke=\"\(Self.axisColour)\" "
                        + "stroke-width=\"1\"/>")
            }
            if index - segmentStart >= 10 {
                // A label is up to about 70 units wide: kept whole inside the picture at either end.
                let middle = min(width - Self.labelHalfWidth, Self.left + (segmentStart + index) * Self.barPitch / 2)
                lines.append(
                    "<text class=\"chart-label\" x=\"\(middle)\" y=\"\(baseline + 20)\" text-anchor=\"middle\">"
                        + "\(HTMLText.escape(ChartText.day(chart.firstHour + Int64(segmentStart))))</text>")
            }
            segmentStart = index
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }
}
