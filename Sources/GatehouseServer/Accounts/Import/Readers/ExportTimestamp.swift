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
import GatehouseCore

/// The instants of the exports, as each writes them: PostgreSQL's text form
/// (`2024-05-01 10:20:30.123456+00`, the offset in hours, `+05:30` with minutes), RFC 3339
/// (`2024-05-01T10:20:30.123456+00:00`, Django's `…30.123Z`) and Firebase's milliseconds since
/// the epoch. A time without an offset (Django with `USE_TZ = False`, a spreadsheet) is read as
/// UTC: the export does not say which zone it meant, and UTC is what these systems store.
enum ExportTimestamp {
    /// A date and time as PostgreSQL or RFC 3339 writes it; nil for anything else (a date alone,
    /// PostgreSQL's `infinity`, a year outside 0000–9999).
    static func parse(_ raw: String) -> Timestamp? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let characters = Array(text.utf8)
        // The zone starts after the seconds ("YYYY-MM-DD HH:MM:SS" is 19 characters).
        guard characters.count >= 19 else { return nil }
        let zoneStart = characters[19...].firstIndex { "+-Zz".utf8.contains($0) }
        guard let zoneStart else { return Timestamp(rfc3339: text + "Z") }
        let zone = characters[zoneStart...]
        let digits = zone.dropFirst()
        guard zone.first != UInt8(ascii: "Z"), zone.first != UInt8(ascii: "z") else { return Timestamp(rfc3339: text) }
        if digits.count == 2, digits.allSatisfy(isDigit) {
            return Timestamp(rfc3339: text + ":00")
        }
        if digits.count == 4, digits.allSatisfy(isDigit) {
            let hours = String(decoding: characters[..<(zoneStart + 3)], as: UTF8.self)
            return Timestamp(rfc3339: hours + ":" + String(decoding: characters[(zoneStart + 3)...], as: UTF8.self))
        }
        return Timestamp(rfc3339: text)
    }

    /// Milliseconds since the epoch, as decimal digits (Firebase's `createdAt`), within the
    /// years 0000–9999.
    static func milliseconds(_ raw: String) -> Timestamp? {
        guard let value = Int64(raw.trimmingCharacters(in: .whitespaces)), millisecondRange.contains(value) else { return nil }
        return Timestamp(microsecondsSinceEpoch: value * 1000)
    }

    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
    private static let millisecondRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
