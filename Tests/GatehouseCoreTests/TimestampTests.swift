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

import Foundation
import Testing

@testable import GatehouseCore

@Suite("Timestamp")
struct TimestampTests {
    static func micros(_ seconds: Int64, _ fraction: Int64 = 0) -> Timestamp {
        Timestamp(microsecondsSinceEpoch: seconds * 1_000_000 + fraction)
    }

    @Test(
        "formats as RFC 3339 UTC with Z, fraction trimmed of trailing zeros",
        arguments: [
            (0, 0, "1970-01-01T00:00:00Z"),
            (1_733_401_261, 110_642, "2024-12-05T12:21:01.110642Z"),
            (1_733_401_261, 500_000, "2024-12-05T12:21:01.5Z"),
            (1_733_401_261, 120_000, "2024-12-05T12:21:01.12Z"),
            (1_733_401_261, 1, "2024-12-05T12:21:01.000001Z"),
            (1_733_401_261, 0, "2024-12-05T12:21:01Z"),
            (1_709_208_000, 0, "2024-02-29T12:00:00Z"),  // leap day
            (951_782_400, 0, "2000-02-29T00:00:00Z"),  // leap year divisible by 400
            (4_107_456_000, 0, "2100-02-28T00:00:00Z"),
            (4_107_456_000 + 86_400, 0, "2100-03-01T00:00:00Z"),  // 2100 is not a leap year
            (-1, 0, "1969-12-31T23:59:59Z"),
            (-1, 999_999, "1969-12-31T23:59:59.999999Z"),
            (-14_182_940, 0, "1969-07-20T20:17:40Z"),
            (-2_208_988_800, 0, "1900-01-01T00:00:00Z"),
            (-62_167_219_200, 0, "0000-01-01T00:00:00Z"),  // the first four-digit year
            (253_402_300_799, 999_990, "9999-12-31T23:59:59.99999Z"),  // the last
            (253_402_300_800, 0, "10000-01-01T00:00:00Z"),  // five digits, as many as it has
        ] as [(Int64, Int64, String)])
    func formats(seconds: Int64, fraction: Int64, expected: String) {
        let timestamp = Self.micros(seconds, fraction)
        #expect(timestamp.rfc3339 == expected)
        #expect(timestamp.description == expected)
    }

    @Test("one microsecond before the epoch")
    func justBeforeEpoch() {
        #expect(Timestamp(microsecondsSinceEpoch: -1).rfc3339 == "1969-12-31T23:59:59.999999Z")
        #expect(Timestamp(microsecondsSinceEpoch: -500_000).rfc3339 == "1969-12-31T23:59:59.5Z")
    }

    @Test(
        "formatting then parsing gives the same instant",
        arguments: [
            0, 1, -1, 1_733_401_261_110_642, -2_208_988_800_000_000, 1_709_208_000_000_000, 253_402_300_799_999_999,
        ] as [Int64])
    func roundTrip(micros: Int64) throws {
        let timestamp = Timestamp(microsecondsSinceEpoch: micros)
        let parsed = try #require(Timestamp(rfc3339: timestamp.rfc3339))
        #expect(parsed == timestamp)
    }

    @Test(
        "parses offsets into UTC",
        arguments: [
            ("2024-06-01T12:00:00+02:00", "2024-06-01T10:00:00Z"),
            ("2024-06-01T12:00:00-05:30", "2024-06-01T17:30:00Z"),
            ("2024-06-01T01:00:00+02:00", "2024-05-31T23:00:00Z"),
            ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
            ("2024-06-01T12:00:00+00:00", "2024-06-01T12:00:00Z"),
            ("2024-06-01T12:00:00.25-01:00", "2024-06-01T13:00:00.25Z"),
        ])
    func offsets(input: String, utc: String) throws {
        let parsed = try #require(Timestamp(rfc3339: input))
        #expect(parsed.rfc3339 == utc)
    }

    @Test("accepts a space or lowercase t/z, and any number of fraction digits")
    func lenientForms() throws {
        let expected = "2024-06-01T12:00:00Z"
        #expect(Timestamp(rfc3339: "2024-06-01 12:00:00Z")?.rfc3339 == expected)
        #expect(Timestamp(rfc3339: "2024-06-01t12:00:00z")?.rfc3339 == expected)
        #expect(Timestamp(rfc3339: "2024-06-01T12:00:00.1Z")?.rfc3339 == "2024-06-01T12:00:00.1Z")
        #expect(Timestamp(rfc3339: "2024-06-01T12:00:00.123Z")?.rfc3339 == "2024-06-01T12:00:00.123Z")
        // More than microsecond precision is truncated, not rejected.
        #expect(Timestamp(rfc3339: "2024-06-01T12:00:00.123456789Z")?.rfc3339 == "2024-06-01T12:00:00.123456Z")
        #expect(Timestamp(rfc3339: "2024-06-01 12:00:00.5+02:00")?.rfc3339 == "2024-06-01T10:00:00.5Z")
    }

    @Test(
        "rejects garbage",
        arguments: [
            "",
            "garbage",
            "2024-06-01",
            "2024-06-01T12:00:00",  // no zone
            "2024-06-01T12:00Z",  // no seconds
            "2024-06-01T12:00:00.Z",  // empty fraction
            "2024-06-01T12:00:00+0200",  // offset without colon
            "2024-06-01T12:00:00+02",  // truncated offset
            "2024-06-01T12:00:00Z ",  // trailing text
            "2024-06-01T12:00:00ZZ",
            "2024/06/01T12:00:00Z",
            "2024-13-01T00:00:00Z",  // month 13
            "2024-00-10T00:00:00Z",  // month 0
            "2024-06-00T00:00:00Z",  // day 0
            "2024-06-32T00:00:00Z",  // day 32
            "2024-06-01T24:00:00Z",  // hour 24
            "2024-06-01T12:60:00Z",  // minute 60
            "2024-06-01X12:00:00Z",  // bad separator
            "２０２４-06-01T12:00:00Z",  // non-ASCII digits
        ])
    func rejectsGarbage(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test(
        "rejects dates that do not exist in the calendar (RFC 3339 §5.7)",
        arguments: [
            "2023-02-29T00:00:00Z",  // 2023 is not a leap year
            "2024-02-30T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2100-02-29T00:00:00Z",  // 2100 is not a leap year
        ])
    func rejectsImpossibleDates(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil, "parsed as \(Timestamp(rfc3339: text)?.rfc3339 ?? "-")")
    }

    @Test("Codable: a JSON string in RFC 3339, both ways")
    func codable() throws {
        struct Box: Codable, Equatable { var at: Timestamp }
        let box = Box(at: Timestamp(microsecondsSinceEpoch: 1_733_401_261_110_642))
        let data = try JSONEncoder().encode(box)
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2024-12-05T12:21:01.110642Z"}"#)
        #expect(try JSONDecoder().decode(Box.self, from: data) == box)

        let withOffset = try JSONDecoder().decode(Box.self, from: Data(#"{"at":"2024-12-05T14:21:01.110642+02:00"}"#.utf8))
        #expect(withOffset == box)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"at":1733401261}"#.utf8)) }
    }

    @Test("Date conversions and arithmetic")
    func dates() {
        let date = Date(timeIntervalSince1970: 1_733_401_261.5)
        let timestamp = Timestamp(date)
        #expect(timestamp.microsecondsSinceEpoch == 1_733_401_261_500_000)
        #expect(timestamp.secondsSinceEpoch == 1_733_401_261)
        #expect(timestamp.date == date)
        #expect(Timestamp(microsecondsSinceEpoch: -1).secondsSinceEpoch == -1)
        #expect(timestamp.adding(seconds: 1.25).microsecondsSinceEpoch == 1_733_401_262_750_000)
        #expect(timestamp < timestamp.adding(seconds: 0.000001))
        let now = Timestamp.now()
        #expect(abs(now.date.timeIntervalSinceNow) < 5)
    }
}
