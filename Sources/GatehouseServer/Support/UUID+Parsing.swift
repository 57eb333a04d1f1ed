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

extension UUID {
    /// `UUID(uuidString:)` for the canonical shape only: exactly 36 characters, hyphens at 8,
    /// 13, 18 and 23, hex digits of either case between. Foundation parses with `sscanf`'s
    /// `%2hhx`, which also reads a space or a sign in place of a digit, so it takes
    /// "D9 47C49-9E06-…" for an id; an id from a request or a row is refused unless it is one
    /// (`UUIDParsingTests`).
    init?(parsing text: String) {
        var text = text
        let parsed = text.withUTF8 { bytes -> uuid_t? in
            guard bytes.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let complete = withUnsafeMutableBytes(of: &value) { output -> Bool in
                var position = 0
                for index in 0..<16 {
                    if Self.hyphenPrecedes(byte: index) {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = bytes[position].hexDigitValue, let low = bytes[position + 1].hexDigitValue else { return false }
                    output[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return complete ? value : nil
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    /// Whether the text form puts a hyphen before the byte at `index` (8-4-4-4-12 digits).
    private static func hyphenPrecedes(byte index: Int) -> Bool {
        index == 4 || index == 6 || index == 8 || index == 10
    }
}
