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

@testable import GatehouseServer

/// A query value is what Foundation's encoder makes of it, whether it took the shortcut for
/// unreserved characters or not.
@Suite struct QueryValueEncodingTests {
    static let values = [
        "", "abcXYZ019", "a-b.c_d~e", "pkce_Q2hhbGxlbmdl-_", "https://app.example.com/cb?next=/home&x=\"y\"", "a b+c",
        "é日本🚀", "%41", "~/.", "token=abc&type=recovery", "\u{0}\u{7f}", "e\u{301}",
    ]

    @Test(arguments: values)
    func encodesAsFoundationDoes(value: String) {
        #expect(value.percentEncodedQueryValue == value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed))
    }

    @Test func unreservedValuesComeBackUnchanged() {
        let token = Data((0..<32).map { UInt8($0 * 7 & 0xff) }).base64URLEncodedString()
        #expect(token.percentEncodedQueryValue == token)
        #expect("a&b".percentEncodedQueryValue == "a%26b")
    }
}
