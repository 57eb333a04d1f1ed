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

/// GoTrue's value syntax read as GoTrue reads it, and written as the Gatehouse setting it aliases
/// takes it: GoTrue's units (seconds, Go durations, counts written as Go floats) and its
/// replacements of zero or out-of-range values by a default are carried over here, so the
/// setting receives the value GoTrue would have run with.
enum GoTrueValue {
    /// Why a value cannot be carried over; the text names the value when it is not a secret.
    struct Refusal: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Go's `strconv.ParseBool` (`1`, `t`, `true`, `0`, `f`, `false` in any case), which GoTrue's
    /// booleans take, and Gatehouse's `yes`/`no`/`on`/`off`.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "t", "true", "yes", "on": true
        case "0", "f", "false", "no", "off": false
        default: nil
        }
    }

    /// A boolean as Gatehouse's flags are written.
    static func flagText(_ text: String) throws(Refusal) -> String {
        guard let value = flag(text) else { throw Refusal("\(text) is not true or false") }
        return value ? "true" : "false"
    }

    /// A whole number: GoTrue reads its counts as Go floats, so `150` and `150.0` are both whole.
    static func wholeNumber(_ text: String) throws(Refusal) -> Int {
        if let number = Int(text) { return number }
        guard let number = Double(text), number.isFinite, number == number.rounded(), abs(number) < 1e15 else {
            throw Refusal("\(text) is not a whole number")
        }
        return Int(number)
    }

    /// Whole seconds, as GoTrue's integer durations (`JWT_EXP`, `MAILER_OTP_EXP`) are written;
    /// GoTrue runs with `zero` when the value is 0.
    static func seconds(_ text: String, zero: Int) throws(Refusal) -> String {
        guard let seconds = Int(text), seconds >= 0 else { throw Refusal("\(text) is not a whole number of seconds") }
        return String(seconds == 0 ? zero : seconds)
    }

    /// A Go duration (`time.ParseDuration`: `90s`, `1h30m`, `1.5h`, `500ms`) or whole seconds, as
    /// whole seconds; GoTrue runs with `zero` when the value is 0, if it says so.
    static func durationSeconds(_ text: String, zero: Int? = nil) throws(Refusal) -> String {
        let refusal = Refusal("\(text) is not a duration in whole seconds (seconds, or Go's 90s, 30m, 1h30m)")
        var seconds: Int
        if let plain = Int(text) {
            seconds = plain
        } else {
            guard let nanoseconds = goDurationNanoseconds(text), nanoseconds % 1_000_000_000 == 0 else { throw refusal }
            seconds = nanoseconds / 1_000_000_000
        }
        guard seconds >= 0, seconds <= DurationSetting.maximum else { throw refusal }
        if seconds == 0, let zero { seconds = zero }
        return String(seconds)
    }

    /// Nanoseconds per unit of Go's `time.ParseDuration`.
    private static let goDurationUnits: [String: Int] = [
        "ns": 1, "us": 1_000, "\u{00B5}s": 1_000, "\u{03BC}s": 1_000, "ms": 1_000_000, "s": 1_000_000_000,
        "m": 60_000_000_000, "h": 3_600_000_000_000,
    ]

    /// `time.ParseDuration` without the sign: runs of a decimal number and a unit; nil for
    /// anything else, a negative value, or more than the ten years `DurationSetting` allows.
    static func goDurationNanoseconds(_ text: String) -> Int? {
        var rest = Substring(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        if rest == "0" { return 0 }
        guard !rest.isEmpty else { return nil }
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        var total = 0
        while !rest.isEmpty {
            let whole = rest.prefix(while: isDigit)
            rest = rest.dropFirst(whole.count)
            var fraction = Substring("")
            if rest.first == "." {
                rest = rest.dropFirst()
                fraction = rest.prefix(while: isDigit)
                rest = rest.dropFirst(fraction.count)
            }
            let unitText = rest.prefix(while: { !isDigit($0) && $0 != "." })
            rest = rest.dropFirst(unitText.count)
            guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 12, let unit = goDurationUnits[String(unitText)] else {
                return nil
            }
            let (wholePart, overflow) = (Int(whole) ?? 0).multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            // Go truncates the fraction to whole nanoseconds, as this does.
            let fractionPart = fraction.isEmpty ? 0 : Int((Double("0." + fraction) ?? 0) * Double(unit))
            total += wholePart + fractionPart
            guard total <= DurationSetting.maximum * 1_000_000_000 else { return nil }
        }
        return total
    }

    /// logrus's level names (GoTrue's `LOG_LEVEL`) as swift-log's.
    static func logLevel(_ text: String) throws(Refusal) -> String {
        switch text.lowercased() {
        case "trace", "debug", "info", "error": text.lowercased()
        case "warn", "warning": "warning"
        case "fatal", "panic": "critical"
        default: throw Refusal("\(text) is not a log level (trace, debug, info, warn, error, fatal, panic)")
        }
    }

    /// GoTrue's `API_EXTERNAL_URL` as Gatehouse's external URL: Gatehouse adds `/auth/v1` itself
    /// (to the tokens' issuer and emailed links), so an external URL that ends with it (Supabase's
    /// hosted form) loses it here.
    static func externalURL(_ text: String) -> String {
        var url = ServerSettings.withoutTrailingSlash(text)
        if url.lowercased().hasSuffix("/auth/v1") { url = String(url.dropLast("/auth/v1".count)) }
        return url
    }

    /// Go's `float64` rate limits as whole requests per period. 0 does not turn a GoTrue limit
    /// off (its bucket lets the burst through, then nothing), while in Gatehouse it does.
    static func rateLimit(_ text: String) throws(Refusal) -> String {
        let count = try wholeNumber(text)
        guard count > 0 else {
            throw Refusal(
                "0 does not turn the limit off in GoTrue (it refuses nearly every request), and in Gatehouse it does: "
                    + "set the limit you want, or the GATEHOUSE_ setting to 0 to turn it off")
        }
        return String(count)
    }
}
