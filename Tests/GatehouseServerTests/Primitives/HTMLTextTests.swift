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

import Testing

@testable import GatehouseServer

/// The escaper of the console's pages and the emails' values: the five characters, wherever
/// they stand, and nothing else.
@Suite struct HTMLTextTests {
    @Test func theFiveCharactersAreEscapedAndTheRestKept() {
        #expect(HTMLText.escape(#"<a href="x">O'Brien & Co</a>"#) == "&lt;a href=&quot;x&quot;&gt;O&#39;Brien &amp; Co&lt;/a&gt;")
        #expect(HTMLText.escape("plain text, é 日本 🚀") == "plain text, é 日本 🚀")
        #expect(HTMLText.escape("").isEmpty)
    }

    /// `"` followed by U+0301 is one `Character`: an escaper comparing characters lets it
    /// through, and it ends a quoted attribute.
    @Test func aQuoteThatACombiningMarkFollowsIsEscaped() {
        let attack = "x\"\u{301} onmouseover=alert(1) '\u{301}<\u{338}"
        let escaped = HTMLText.escape(attack)
        #expect(!escaped.unicodeScalars.contains("\""))
        #expect(!escaped.unicodeScalars.contains("'"))
        #expect(!escaped.unicodeScalars.contains("<"))
        #expect(escaped.unicodeScalars.filter { $0 == "\u{301}" }.count == 2)
    }

    @Test func appendingKeepsWhatWasThere() {
        var output = "<p>"
        HTMLText.append("a<b", to: &output)
        HTMLText.append("c", to: &output)
        #expect(output == "<p>a&lt;bc")
    }
}
