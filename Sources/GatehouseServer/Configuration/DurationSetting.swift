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

/// Reads a duration setting: whole seconds (`3600`) or Go-style units as GoTrue's settings take
/// them (`90s`, `30m`, `24h`, `1h30m`; also `7d`). Nil for anything else, including negatives.
enum DurationSetting {
    /// Ten years: longer is a typo, and larger values would overflow microsecond arithmetic.
    static let maximum = 315_360_000

    static func seconds(_ text: String) -> Int? {
        parse(text).flatMap { $0 <= maximum ? $0 : nil }
    }

    private static func parse(_ text: String) -> Int? {
        if let plain = Int(text) { return plain >= 0 ? plain : nil }
        var total = 0
        var digits = ""
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            let unit: Int
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            guard let value = Int(digits), value <= 1_000_000_000 else { return nil }
            total += value * unit
            digits = ""
        }
        return digits.isEmpty && total >= 0 ? total : nil
    }
}
