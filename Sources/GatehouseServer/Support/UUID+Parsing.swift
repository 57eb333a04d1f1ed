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
    /// `UUID(uuidString:)`, read directly: exactly 36 characters, hyphens at 8, 13, 18 and 23,
    /// hex digits of either case between. Foundation parses with `sscanf`, a general format
    /// reader, and every row the server reads holds one or two ids (Benchmarks/PROFILE.md).
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
}
