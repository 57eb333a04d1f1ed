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

/// Small parsers the string forms share: decimal numbers and `key=value,…` parameter lists.
enum ImportedHashFields {
    /// A decimal number: digits only (no sign, no space), no leading zero, at most
    /// `maximumDigits` digits so that it cannot overflow. Nil otherwise.
    static func decimal(_ text: some StringProtocol, maximumDigits: Int = 10) -> Int? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count <= maximumDigits,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            digits.count == 1 || digits[0] != UInt8(ascii: "0")
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// `k1=v1,k2=v2,…` as (key, value) pairs in their order; nil when a part has no `=` or an
    /// empty key. A value may itself hold `=` (base64 padding): the first `=` separates.
    static func parameters(_ text: Substring) -> [(key: Substring, value: Substring)]? {
        var pairs: [(key: Substring, value: Substring)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { return nil }
            pairs.append((part[..<equals], part[part.index(after: equals)...]))
        }
        return pairs
    }

    /// Whether every character is printable ASCII (what every accepted form is made of), so
    /// that no control character, NUL or non-ASCII text reaches a format's parser.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
    }
}
