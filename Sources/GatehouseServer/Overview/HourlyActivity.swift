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

import GatehouseCore

/// Hour-by-hour counts of each `ActivitySeries` over the last seven days: 168 UTC hours ending
/// with the current one, so the newest bar fills up as the hour goes on. Hours are counted from
/// the Unix epoch (`hour * 3600` is its first second).
struct HourlyActivity: Sendable, Equatable {
    static let hours = 168

    /// The oldest hour shown.
    let firstHour: Int64
    private let counts: [ActivitySeries: [Int]]

    /// The hours shown at `now`: the current hour and the 167 before it.
    static func window(at now: Timestamp) -> ClosedRange<Int64> {
        let current = now.secondsSinceEpoch.floorDividedByHour
        return (current - Int64(hours - 1))...current
    }

    /// Zero-fills the hours that had no rows; rows outside the window or for other actions are ignored.
    init(firstHour: Int64, rows: [(action: String, hour: Int64, count: Int)]) {
        self.firstHour = firstHour
        var counts = Dictionary(uniqueKeysWithValues: ActivitySeries.allCases.map { ($0, Array(repeating: 0, count: Self.hours)) })
        for row in rows {
            let index = Int(row.hour - firstHour)
            guard let series = ActivitySeries(action: row.action), (0..<Self.hours).contains(index) else { continue }
            counts[series]?[index] += row.count
        }
        self.counts = counts
    }

    /// 168 counts, oldest first.
    func counts(_ series: ActivitySeries) -> [Int] {
        counts[series] ?? Array(repeating: 0, count: Self.hours)
    }

    /// The last 24 bars' sum: the current hour and the 23 before it.
    func lastDay(_ series: ActivitySeries) -> Int {
        counts(series).suffix(24).reduce(0, +)
    }
}

extension Int64 {
    /// Seconds to whole hours, rounding down (also before 1970).
    fileprivate var floorDividedByHour: Int64 {
        let quotient = self / 3600
        return self % 3600 < 0 ? quotient - 1 : quotient
    }
}
