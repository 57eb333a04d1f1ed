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

/// Header fields as RFC 5322 and RFC 2047 want them: non-ASCII text as `=?utf-8?B?…?=`
/// encoded-words, display names quoted, long fields folded.
enum MIMEHeaderEncoding {
    /// Longest encoded-word (RFC 2047 §2).
    static let maximumEncodedWordLength = 75
    /// Line limit for a field holding encoded-words (RFC 2047 §2); 78 otherwise (RFC 5322 §2.1.1).
    static let maximumEncodedLineLength = 76
    static let recommendedLineLength = 78
    private static let encodedWordOverhead = "=?utf-8?B?".count + "?=".count

    /// `Subject: …`, encoded when needed and folded; no trailing CRLF.
    static func unstructuredField(_ name: String, _ value: String) -> String {
        guard needsEncoding(value) else {
            return fold(name, tokens: value.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
        }
        let words = encodedWords(value, firstWordLength: maximumEncodedLineLength - name.count - 2)
        return fold(name, tokens: words, limit: maximumEncodedLineLength)
    }

    /// `From: "Name" <address>` (or the bare address without a name), encoded and folded.
    static func addressField(_ name: String, _ mailbox: MailAddress) -> String {
        let displayName = mailbox.name?.trimmingSMTPWhitespace() ?? ""
        if displayName.isEmpty {
            return fold(name, tokens: [mailbox.address])
        }
        if needsEncoding(displayName) {
            let words = encodedWords(displayName, firstWordLength: maximumEncodedLineLength - name.count - 2)
            return fold(name, tokens: words + ["<\(mailbox.address)>"], limit: maximumEncodedLineLength)
        }
        let escaped = displayName.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let quoted = "\"" + escaped + "\""
        return fold(
            name, tokens: quoted.split(separator: " ", omittingEmptySubsequences: false).map(String.init) + ["<\(mailbox.address)>"])
    }

    /// Whether `text` has to be written as encoded-words: non-ASCII, control characters, text a
    /// reader would mistake for an encoded-word, or a word too long to fold.
    static func needsEncoding(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) { return true }
        if text.contains("=?") { return true }
        return text.split(separator: " ").contains { $0.utf8.count > recommendedLineLength - 12 }
    }

    /// `text` as B-encoded UTF-8 encoded-words, each holding whole characters (Unicode scalars),
    /// the first at most `firstWordLength` characters long, the others at most 75.
    static func encodedWords(_ text: String, firstWordLength: Int = maximumEncodedWordLength) -> [String] {
        func byteBudget(_ wordLength: Int) -> Int { max(3, (wordLength - encodedWordOverhead) / 4 * 3) }
        var words: [String] = []
        var chunk: [UInt8] = []
        var budget = byteBudget(min(firstWordLength, maximumEncodedWordLength))
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > budget, !chunk.isEmpty {
                words.append(encodedWord(chunk))
                chunk = []
                budget = byteBudget(maximumEncodedWordLength)
            }
            chunk.append(contentsOf: bytes)
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?utf-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `name: token token …`, moving a token to a continuation line (CRLF, space) when the
    /// current line would grow past `limit`. Never starts a line with nothing but whitespace.
    static func fold(_ name: String, tokens: [String], limit: Int = recommendedLineLength) -> String {
        var field = name + ":"
        var lineLength = field.utf8.count
        for (index, token) in tokens.enumerated() {
            let length = token.utf8.count
            if index > 0, !token.isEmpty, lineLength + 1 + length > limit {
                field += "\r\n " + token
                lineLength = 1 + length
            } else {
                field += " " + token
                lineLength += 1 + length
            }
        }
        return field
    }
}
