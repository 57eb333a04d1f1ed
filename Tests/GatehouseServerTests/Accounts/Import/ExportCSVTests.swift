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

import GatehouseCore
import Testing

@testable import GatehouseServer

/// The CSV reader under the exports (RFC 4180 as PostgreSQL's COPY and spreadsheets write it)
/// and the times they write.
@Suite("Export CSV and times")
struct ExportCSVTests {
    static func records(_ text: String) throws(ImportFileError) -> [[String?]] {
        try records(Array(text.utf8))
    }

    static func records(_ bytes: [UInt8]) throws(ImportFileError) -> [[String?]] {
        var records: [[String?]] = []
        try CSVReader.forEachRecord(in: bytes) { (fields, _) throws(ImportFileError) in records.append(fields) }
        return records
    }

    @Test("a quoted comma, a quoted line break, a doubled quote, NULL and the empty string")
    func quoting() throws {
        let text = "a,b,c,d\n\"Lovelace, Ada\",\"line one\nline two\",\"say \"\"hi\"\"\",\n,\"\",x,\"\"\n"
        #expect(
            try Self.records(text) == [
                ["a", "b", "c", "d"], ["Lovelace, Ada", "line one\nline two", "say \"hi\"", nil], [nil, "", "x", ""],
            ])
    }

    @Test("CRLF line ends, a byte order mark, empty lines, no final line break, a trailing empty field")
    func lineEnds() throws {
        let text = "\u{FEFF}id,name\r\n1,\"a\r\nb\"\r\n\r\n2,\n3,c"
        #expect(try Self.records(text) == [["id", "name"], ["1", "a\r\nb"], ["2", nil], ["3", "c"]])
    }

    @Test("the line each record starts on, counting line breaks inside quotes")
    func lines() throws {
        var lines: [Int] = []
        try CSVReader.forEachRecord(in: Array("h\n\"a\nb\"\n\nc\n".utf8)) { (_, line) throws(ImportFileError) in lines.append(line) }
        #expect(lines == [1, 2, 5])
    }

    @Test("a quote inside an unquoted field is a character")
    func strayQuote() throws {
        #expect(try Self.records("a,b\n5\" disk,x\n") == [["a", "b"], ["5\" disk", "x"]])
    }

    @Test("an unclosed quote, text after a closing quote and bytes that are not UTF-8 stop the read")
    func malformed() {
        #expect(throws: ImportFileError.malformedCSV(line: 2, reason: "a quoted field is not closed")) {
            try Self.records("a,b\n\"open,x\ny,z\n")
        }
        #expect(throws: ImportFileError.malformedCSV(line: 2, reason: "text follows a closing quote before the next comma")) {
            try Self.records("a,b\n\"x\"y,z\n")
        }
        #expect(throws: ImportFileError.notUTF8(line: 3)) {
            try Self.records([UInt8]("a\nb\n".utf8) + [0xFF, 0x0A])
        }
    }

    @Test(
        "PostgreSQL's and RFC 3339's times, offsets in hours or with minutes, no offset as UTC",
        arguments: [
            ("2024-05-01 10:20:30.123456+00", "2024-05-01T10:20:30.123456Z"),
            ("2024-05-01 15:50:30+05:30", "2024-05-01T10:20:30Z"),
            ("2024-05-01 07:20:30-03", "2024-05-01T10:20:30Z"),
            ("2024-05-01T10:20:30.123456+00:00", "2024-05-01T10:20:30.123456Z"),
            ("2024-05-01T12:20:30+0200", "2024-05-01T10:20:30Z"),
            ("2024-05-01T10:20:30.123Z", "2024-05-01T10:20:30.123Z"),
            ("2024-05-01 10:20:30", "2024-05-01T10:20:30Z"),
        ])
    func times(text: String, expected: String) {
        #expect(ExportTimestamp.parse(text) == ImportFixtures.instant(expected))
    }

    @Test(
        "what is not a date and time",
        arguments: ["2024-05-01", "infinity", "yesterday", "2024-13-01 00:00:00+00", "10000-01-01 00:00:00+00"])
    func notTimes(text: String) {
        #expect(ExportTimestamp.parse(text) == nil)
    }

    @Test("Firebase's milliseconds, within the years 0000 to 9999")
    func milliseconds() {
        #expect(ExportTimestamp.milliseconds("1714558830123") == ImportFixtures.instant("2024-05-01T10:20:30.123Z"))
        #expect(ExportTimestamp.milliseconds("0") == Timestamp(microsecondsSinceEpoch: 0))
        #expect(ExportTimestamp.milliseconds("253402300800000") == nil)
        #expect(ExportTimestamp.milliseconds("9223372036854775807") == nil)
        #expect(ExportTimestamp.milliseconds("12.5") == nil)
    }
}
