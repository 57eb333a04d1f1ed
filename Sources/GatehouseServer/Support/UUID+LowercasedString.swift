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

extension UUID {
    /// `uuidString.lowercased()` (the form every id is stored and answered in), written
    /// directly: Foundation formats `uuidString` with `snprintf` and the lowercasing is a second
    /// pass, a visible cost for ids that a `/recover` request binds two of (Benchmarks/PROFILE.md).
    var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if Self.hyphenPrecedes(byte: position) {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = Self.hexDigits[Int(byte >> 4)]
                    text[index + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether the text form puts a hyphen before the byte at `index` (8-4-4-4-12 digits).
    static func hyphenPrecedes(byte index: Int) -> Bool {
        index == 4 || index == 6 || index == 8 || index == 10
    }
}
