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

/// Text made safe for an HTML or SVG text node or a quoted attribute value: the one escaper of
/// what is written in Swift rather than by Mustache (the console's accounts, mail and charts) and
/// of the values spliced into the emails (`SplicedTemplates`). Every value from the database
/// passes through it: addresses, user agents and metadata are chosen by users.
///
/// It escapes every `&`, `<`, `>`, `"` and `'` scalar. Comparing whole characters would leave one
/// that a combining mark follows (`"\u{301}` is one `Character`) as it is, and such a quote
/// closes an attribute's value.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        append(text, to: &escaped)
        return escaped
    }

    /// Appends `text`, escaped, to `output`; text with nothing to escape is appended whole.
    static func append(_ text: String, to output: inout String) {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        guard needsEscaping else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
