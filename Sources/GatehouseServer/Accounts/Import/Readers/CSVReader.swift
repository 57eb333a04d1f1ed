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

/// CSV as RFC 4180 has it and as PostgreSQL's `COPY … TO STDOUT WITH CSV HEADER` and
/// spreadsheets write it: records end with LF or CRLF, fields are separated by commas, a field
/// in double quotes may hold commas, line breaks and quotes (doubled). PostgreSQL writes NULL
/// as an empty unquoted field and an empty string as `""`, so the two are told apart here:
/// `nil` and `""`. The package has no CSV dependency, and these files need no more than this.
///
/// Lenient where it costs nothing: a UTF-8 byte order mark (spreadsheets write one) is skipped,
/// empty lines are skipped, and a quote inside an unquoted field is kept as a character.
/// Strict where the rest of the file would be misread: a quoted field that is never closed, or
/// text between a closing quote and the next comma, stops the read with the line.
enum CSVReader {
    /// Calls `body` with each record's fields in order, the header first, and the line the
    /// record starts on.
    static func forEachRecord(
        in bytes: [UInt8], _ body: (_ fields: [String?], _ line: Int) throws(ImportFileError) -> Void
    ) throws(ImportFileError) {
        var index = startAfterByteOrderMark(bytes)
        var line = 1
        while index < bytes.count {
            let recordLine = line
            // An empty line is no record (a file's last line break does not start one).
            if bytes[index] == lineFeed || bytes[index] == carriageReturn {
                index = afterLineBreak(bytes, index)
                line += 1
                continue
            }
            var fields: [String?] = []
            while true {
                let field = try readField(bytes, &index, &line)
                fields.append(field)
                guard index < bytes.count else { break }
                if bytes[index] == comma {
                    index += 1
                    continue
                }
                // A line break (readField stops at nothing else).
                index = afterLineBreak(bytes, index)
                line += 1
                break
            }
            try body(fields, recordLine)
        }
    }

    /// Where the text starts: after a UTF-8 byte order mark, if there is one.
    static func startAfterByteOrderMark(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// One field from `index`, which is left on the comma, line break or end after it.
    private static func readField(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int) throws(ImportFileError) -> String? {
        guard index < bytes.count, bytes[index] == quote else {
            let start = index
            while index < bytes.count, bytes[index] != comma, bytes[index] != lineFeed, bytes[index] != carriageReturn {
                index += 1
            }
            return start == index ? nil : try text(bytes[start..<index], line: line)
        }
        let openingLine = line
        index += 1
        var content: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw .malformedCSV(line: openingLine, reason: "a quoted field is not closed")
            }
            let byte = bytes[index]
            index += 1
            if byte == quote {
                guard index < bytes.count, bytes[index] == quote else { break }
                index += 1
            } else if byte == lineFeed {
                line += 1
            }
            content.append(byte)
        }
        guard index == bytes.count || [comma, lineFeed, carriageReturn].contains(bytes[index]) else {
            throw .malformedCSV(line: line, reason: "text follows a closing quote before the next comma")
        }
        return try text(content[...], line: openingLine)
    }

    private static func text(_ bytes: ArraySlice<UInt8>, line: Int) throws(ImportFileError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(line: line) }
        return text
    }

    /// The index after the line break at `index` (CRLF, LF, or a lone CR).
    private static func afterLineBreak(_ bytes: [UInt8], _ index: Int) -> Int {
        if bytes[index] == carriageReturn, index + 1 < bytes.count, bytes[index + 1] == lineFeed { return index + 2 }
        return index + 1
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}

/// A CSV header's columns by name, for reading fields of the records after it.
struct CSVHeader {
    /// The index of each column the reader asked for.
    let indexes: [String: Int]
    let count: Int

    /// The header's columns; those of `required` it lacks throw, other unknown ones are ignored.
    /// Names are trimmed (spreadsheets pad them) and compared as written.
    init(_ fields: [String?], wanted: Set<String>, required: [String]) throws(ImportFileError) {
        var indexes: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            guard let name = field?.trimmingCharacters(in: .whitespaces), wanted.contains(name), indexes[name] == nil else { continue }
            indexes[name] = index
        }
        let missing = required.filter { indexes[$0] == nil }
        guard missing.isEmpty else { throw .missingColumns(missing) }
        self.indexes = indexes
        self.count = fields.count
    }
}
