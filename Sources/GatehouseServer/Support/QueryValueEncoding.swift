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

extension CharacterSet {
    /// Characters that may stand unescaped in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()
}

extension String {
    /// The string as a URL query value, percent-encoded with `urlQueryValueAllowed`. A string of
    /// unreserved ASCII characters only (a token, a code, an id) comes back as it is, without a
    /// pass through Foundation's encoder, whose result would be the same string.
    var percentEncodedQueryValue: String {
        let unreserved = utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                true
            default: false
            }
        }
        return unreserved ? self : addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? self
    }
}
