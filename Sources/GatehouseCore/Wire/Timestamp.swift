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

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An instant with microsecond precision, written on the wire as GoTrue writes it: RFC 3339 in
/// UTC with a `Z`, fractional seconds with trailing zeros trimmed (`2024-12-05T12:21:01.110642Z`).
/// supabase-swift needs the `T` and the `Z`; an offset would be misread as UTC.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let microsecondsSinceEpoch: Int64

    public init(microsecondsSinceEpoch: Int64) {
        self.microsecondsSinceEpoch = microsecondsSinceEpoch
    }

    public init(_ date: Date) {
        self.microsecondsSinceEpoch = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    public static func now() -> Timestamp { Timestamp(Date()) }

    public var date: Date { Date(timeIntervalSince1970: Double(microsecondsSinceEpoch) / 1_000_000) }
    public var secondsSinceEpoch: Int64 { microsecondsSinceEpoch.floorDivided(by: 1_000_000) }

    public func adding(seconds: Double) -> Timestamp {
        Timestamp(microsecondsSinceEpoch: microsecondsSinceEpoch + Int64(seconds * 1_000_000))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.microsecondsSinceEpoch < rhs.microsecondsSinceEpoch
    }

    public var description: String { rfc3339 }

    /// `YYYY-MM-DDTHH:MM:SS[.ffffff]Z`, computed without a formatter (locale- and thread-safe).
    /// The digits are written into one buffer: built from interpolated, padded pieces it was a
    /// measurable part of every session's JSON, which has eight (Benchmarks/PROFILE.md).
    public var rfc3339: String {
        let seconds = secondsSinceEpoch
        let micros = Int(microsecondsSinceEpoch - seconds * 1_000_000)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civilDate(fromDaysSinceEpoch: days)
        // Four-digit years only; another (before year 0, after 9999) keeps its own width.
        guard (0...9999).contains(year) else {
            return Self.rfc3339(year: year, month: month, day: day, secondOfDay: secondOfDay, micros: micros)
        }
        // "YYYY-MM-DDTHH:MM:SS.ffffffZ": 27 bytes at most.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                var rest = value
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(rest / divisor))
                    rest %= divisor
                    divisor /= 10
                }
            }
            digits(Int(year), 4)
            put(UInt8(ascii: "-"))
            digits(month, 2)
            put(UInt8(ascii: "-"))
            digits(day, 2)
            put(UInt8(ascii: "T"))
            digits(secondOfDay / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(secondOfDay / 60 % 60, 2)
            put(UInt8(ascii: ":"))
            digits(secondOfDay % 60, 2)
            if micros > 0 {
                // The fraction without its trailing zeros.
                var fraction = micros
                var width = 6
                while fraction % 10 == 0 {
                    fraction /= 10
                    width -= 1
                }
                put(UInt8(ascii: "."))
                digits(fraction, width)
            }
            put(UInt8(ascii: "Z"))
            return end
        }
    }

    /// The same for a year outside 0…9999 (as many digits as it has, a sign when negative).
    private static func rfc3339(year: Int64, month: Int, day: Int, secondOfDay: Int, micros: Int) -> String {
        var text = "\(pad(Int(year), 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Parses RFC 3339 / ISO 8601 date-times: `T` or space, optional fraction, `Z` or `±HH:MM`.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        guard day <= Self.daysIn(month: month, year: year) else { return nil }
        var index = 19
        var micros = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if digits < 6 { micros = micros * 10 + Int(bytes[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { micros *= 10 }
        }
        var offsetSeconds = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(index + 1..<index + 3), bytes.count >= index + 6,
                bytes[index + 3] == UInt8(ascii: ":"), let minutes = number(index + 4..<index + 6)
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Self.daysSinceEpoch(year: Int64(year), month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        self.microsecondsSinceEpoch = seconds * 1_000_000 + Int64(micros)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an RFC 3339 date-time: \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    private static func civilDate(fromDaysSinceEpoch days: Int64) -> (Int64, Int, Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthPrime + 2) / 5 + 1)
        let month = Int(monthPrime < 10 ? monthPrime + 3 : monthPrime - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysSinceEpoch(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
