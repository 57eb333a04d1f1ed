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

/// The words and numbers a chart writes, made by hand so the output is the same on every
/// machine: no locale, no formatter, no floating point. Hours are counted from the Unix epoch.
enum ChartText {
    /// `1234567` → `1,234,567` (the console's words are English).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// `count` with the right form of the noun: `1 sign-in`, `1,234 sign-ins`.
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        grouped(count) + " " + (count == 1 ? singular : plural)
    }

    /// `Wed 25 Nov` for the day holding `hour`.
    static func day(_ hour: Int64) -> String {
        let parts = civil(hour)
        return "\(weekday(hour)) \(parts.day) \(months[parts.month - 1])"
    }

    /// `Wed 25 Nov 14:00` for the start of `hour`.
    static func hour(_ hour: Int64) -> String {
        day(hour) + " " + clock(civil(hour).hour)
    }

    /// `Wed 25 Nov 14:00–15:00 UTC`: the whole hour, as a bar's tooltip says it.
    static func hourSpan(_ hour: Int64) -> String {
        Self.hour(hour) + "–" + clock((civil(hour).hour + 1) % 24) + " UTC"
    }

    /// Whether `hour` starts a UTC day.
    static func isMidnight(_ hour: Int64) -> Bool { civil(hour).hour == 0 }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// 1 January 1970, day 0, was a Thursday.
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    private static func clock(_ hourOfDay: Int) -> String {
        (hourOfDay < 10 ? "0" : "") + String(hourOfDay) + ":00"
    }

    private static func weekday(_ hour: Int64) -> String {
        let days = hour / 24 - (hour % 24 < 0 ? 1 : 0)
        return weekdays[Int((days % 7 + 7) % 7)]
    }

    /// Month, day and hour of day, read from Core's RFC 3339 rendering (`YYYY-MM-DDTHH:…`),
    /// which already does the calendar arithmetic.
    private static func civil(_ hour: Int64) -> (month: Int, day: Int, hour: Int) {
        let text = Array(Timestamp(microsecondsSinceEpoch: hour * 3_600_000_000).rfc3339.utf8)
        func number(_ start: Int) -> Int { Int(text[start] - 48) * 10 + Int(text[start + 1] - 48) }
        return (number(5), number(8), number(11))
    }
}
