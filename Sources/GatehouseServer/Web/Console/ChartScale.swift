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

/// The y axis of a bar chart: a round step (1, 2 or 5 times a power of ten) and a top that is
/// a whole number of steps, so the axis shows three to five ticks (0 included) and the tallest
/// bar reaches at least half way up.
struct ChartScale: Sendable, Equatable {
    let step: Int
    /// How many steps the axis has (2 to 4).
    let intervals: Int

    var top: Int { step * intervals }
    /// The tick values, 0 first.
    var ticks: [Int] { (0...intervals).map { $0 * step } }

    /// The scale for a tallest bar of `maximum`; nil when there is nothing to draw.
    init?(maximum: Int) {
        guard maximum > 0 else { return nil }
        var magnitude = 1
        while true {
            for multiple in [1, 2, 5] {
                let step = multiple * magnitude
                let needed = (maximum + step - 1) / step
                if needed <= 4 {
                    self.step = step
                    // At least two steps: an axis of 0 and 1 alone says little.
                    self.intervals = max(2, needed)
                    return
                }
            }
            magnitude *= 10
        }
    }

    /// How many of `length` units a value of `value` takes, rounded, and at least one unit for
    /// any value above zero (a single event must not vanish next to a busy hour).
    func length(of value: Int, in length: Int) -> Int {
        guard value > 0 else { return 0 }
        let scaled = (value * length * 2 + top) / (2 * top)
        return min(length, max(1, scaled))
    }
}
