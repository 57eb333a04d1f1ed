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
import GatehouseCore
import Testing

@testable import GatehouseServer

/// What the three readers share: the bound on records, the file errors' messages, duplicates
/// and the address rule.
@Suite("Export reader files")
struct ExportReaderTests {
    @Test("a file over the bound is refused whole, in CSV and in JSON; at the bound it is read")
    func recordBound() throws {
        #expect(ExportReader.maximumRecords == 1_000_000)
        let csv = Array("id,password,email\n1,,a@example.com\n2,,b@example.com\n3,,c@example.com\n".utf8)
        #expect(throws: ImportFileError.tooManyRecords(limit: 2)) {
            try ExportReader.read(csv, source: .django, firebaseHash: nil, now: ImportFixtures.now, maximumRecords: 2)
        }
        #expect(try ExportReader.read(csv, source: .django, firebaseHash: nil, now: ImportFixtures.now, maximumRecords: 3).count == 3)
        let json = Array(#"{"users": [{"localId": "a"}, {"localId": "b"}, {"localId": "c"}]}"#.utf8)
        #expect(throws: ImportFileError.tooManyRecords(limit: 2)) {
            try ExportReader.read(json, source: .firebase, firebaseHash: nil, now: ImportFixtures.now, maximumRecords: 2)
        }
    }

    @Test("Data reads as its bytes do")
    func dataInput() throws {
        let text = "id,password,email\n1,,a@example.com\n"
        let fromData = try ExportReader.read(Data(text.utf8), source: .django, firebaseHash: nil, now: ImportFixtures.now)
        #expect(fromData == (try ImportFixtures.read(text, .django)))
    }

    @Test("addresses are checked with sign-up's rule and stored trimmed and in lower case")
    func addressRule() throws {
        let csv = """
            id,password,email
            1,, Ada.Lovelace+test@Example.CO.uk\u{20}
            2,,ada@localhost
            3,,"ada@example.com, bob@example.com"
            4,,\(String(repeating: "a", count: 250))@example.com
            5,,ümlaut@example.com

            """
        let entries = try ImportFixtures.read(csv, .django)
        #expect(entries[0].account?.email == "ada.lovelace+test@example.co.uk")
        #expect(entries.dropFirst().map(\.refusal) == Array(repeating: "email is not a valid address", count: 4))
    }

    @Test("a refused record does not hold its id or address back from a later one")
    func refusedRecordsHoldNothing() throws {
        let csv = "id,password,email\n1,$2a$10$broken,ada@example.com\n1,,ada@example.com\n"
        let entries = try ImportFixtures.read(csv, .django)
        #expect(entries[0].refusal != nil)
        #expect(entries[1].account?.email == "ada@example.com")
    }

    @Test("every file error says what was expected and quotes nothing of the file")
    func fileErrorMessages() {
        let errors: [ImportFileError] = [
            .empty, .notJSON(expected: "x"), .unexpectedJSONShape(expected: "x"), .malformedCSV(line: 3, reason: "r"),
            .notUTF8(line: 2), .missingColumns(["id"]), .missingColumns(["id", "email"]), .missingFirebaseHashParameters,
            .invalidFirebaseHashParameters(.unknownFormat), .tooManyRecords(limit: 5),
        ]
        for error in errors {
            #expect(error.description.count > 15, "\(error)")
        }
        #expect(ImportFileError.missingColumns(["id", "email"]).description.hasPrefix("the CSV header lacks the columns id, email"))
        #expect(ImportFileError.malformedCSV(line: 3, reason: "r").description.contains("line 3"))
    }
}
