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

/// One SMTP reply (RFC 5321 §4.2): a three-digit code and the text of each of its lines.
struct SMTPReply: Sendable, Equatable {
    var code: Int
    /// The text after `250-` / `250 ` on each line, in order (at least one, possibly empty).
    var lines: [String]

    init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines.isEmpty ? [""] : lines
    }

    var isPositiveCompletion: Bool { (200..<300).contains(code) }
    var isPositiveIntermediate: Bool { (300..<400).contains(code) }
    var isTransientFailure: Bool { (400..<500).contains(code) }
    var isPermanentFailure: Bool { (500..<600).contains(code) }

    /// Code and text on one line, control characters removed, at most `limit` characters:
    /// what an error reason quotes.
    func summary(limit: Int = 200) -> String {
        let text = lines.map { $0.trimmingSMTPWhitespace() }.filter { !$0.isEmpty }.joined(separator: " / ")
        let cleaned = String(
            String.UnicodeScalarView(
                ("\(code) " + text).unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
            ))
        let trimmed = cleaned.trimmingSMTPWhitespace()
        guard trimmed.count > limit else { return trimmed }
        return String(trimmed.prefix(limit - 1)) + "…"
    }
}

/// A reply the client cannot make sense of, or one that breaks this client's limits.
struct SMTPProtocolViolation: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Assembles lines into replies: `250-first`, `250-second`, `250 last` is one reply.
struct SMTPReplyParser {
    /// Continuation lines (`250-…`) allowed before the final line.
    static let maximumContinuationLines = 100

    private var pendingCode: Int?
    private var pendingLines: [String] = []

    /// Whether part of a multi-line reply has been read.
    var isIdle: Bool { pendingCode == nil }

    /// Feeds one line (without its CRLF); returns the reply it completes, if any.
    mutating func consume(_ line: String) throws(SMTPProtocolViolation) -> SMTPReply? {
        let scalars = Array(line.utf8.prefix(4))
        guard scalars.count >= 3,
            (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(scalars[0]),
            scalars[1...2].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw SMTPProtocolViolation("malformed reply line \(Self.quote(line))")
        }
        let code = Int(scalars[0] - 48) * 100 + Int(scalars[1] - 48) * 10 + Int(scalars[2] - 48)
        let isFinal: Bool
        switch scalars.count == 3 ? nil : scalars[3] {
        case nil, UInt8(ascii: " "): isFinal = true
        case UInt8(ascii: "-"): isFinal = false
        default: throw SMTPProtocolViolation("malformed reply line \(Self.quote(line))")
        }
        if let pendingCode, pendingCode != code {
            throw SMTPProtocolViolation("reply code changed from \(pendingCode) to \(code) within one reply")
        }
        let text = line.utf8.count > 4 ? String(decoding: line.utf8.dropFirst(4), as: UTF8.self) : ""
        pendingLines.append(text)
        if isFinal {
            let reply = SMTPReply(code: code, lines: pendingLines)
            pendingCode = nil
            pendingLines = []
            return reply
        }
        pendingCode = code
        if pendingLines.count > Self.maximumContinuationLines {
            throw SMTPProtocolViolation("reply has more than \(Self.maximumContinuationLines) continuation lines")
        }
        return nil
    }

    private static func quote(_ line: String) -> String {
        let shown = line.count > 60 ? String(line.prefix(60)) + "…" : line
        return "\""
            + String(
                String.UnicodeScalarView(
                    shown.unicodeScalars.map {
                        $0.properties.generalCategory == .control ? "?" : $0
                    })) + "\""
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSMTPWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
