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

/// Number and byte formatting for hot paths. `String(format:)` goes through Foundation's
/// variadic formatter and dynamic casts on every call: done per byte of an HMAC it was a sixth
/// of a recovery request's CPU (perf, release build, 1,000 requests a second).

extension Sequence where Element == UInt8 {
    /// Lowercase hexadecimal, two digits a byte.
    var hexString: String {
        var characters: [UInt8] = []
        characters.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)

extension BinaryInteger {
    /// The decimal digits of a non-negative value, left-padded with zeros to `width`.
    func zeroPadded(toWidth width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Double {
    /// A non-negative value rounded to two decimals: `"12.30"`.
    var twoDecimals: String {
        let hundredths = Int((self * 100).rounded())
        return "\(hundredths / 100).\((hundredths % 100).zeroPadded(toWidth: 2))"
    }
}
