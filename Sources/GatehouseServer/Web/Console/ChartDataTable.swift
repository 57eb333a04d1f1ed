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

/// A chart's numbers as an HTML table inside `<details>`: what a screen reader reads instead of
/// the picture, and what a browser without SVG shows. One row per hour, oldest first.
struct ChartDataTable {
    let chart: BarChart

    var html: String {
        guard chart.total > 0 else { return "" }
        let heading = HTMLText.escape(chart.heading)
        let column = HTMLText.escape(Self.capitalised(chart.plural))
        var rows: [String] = []
        rows.reserveCapacity(chart.counts.count)
        for (index, count) in chart.counts.enumerated() {
            rows.append(
                "<tr><th scope=\"row\">\(HTMLText.escape(ChartText.hour(chart.firstHour + Int64(index))))</th>"
                    + "<td>\(ChartText.grouped(count))</td></tr>")
        }
        return """
            <details class="chart-data">
            <summary>\(heading): the numbers</summary>
            <table>
            <caption>\(heading), per UTC hour, oldest first</caption>
            <thead><tr><th scope="col">Hour (UTC)</th><th scope="col">\(column)</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            </details>
            """
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
