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

/// The systems whose user exports `gatehouse users import` reads.
enum ImportSource: String, CaseIterable, Sendable {
    /// `firebase auth:export users.json` (the JSON format).
    case firebase
    /// `auth.users` as CSV (`COPY … TO STDOUT WITH CSV HEADER`) or as a JSON array of rows.
    case supabase
    /// `auth_user` as CSV, or `manage.py dumpdata auth.user`.
    case django
}

/// One record of an export file and what became of it: the account to write, or why not.
struct ImportEntry: Sendable, Equatable {
    /// The record's number in the file, from 1 (a CSV header is not a record).
    var position: Int
    /// The record's id in its source (`localId`, `id`, `pk`), as the file writes it; empty when
    /// the record has none.
    var sourceId: String
    var result: Result<ImportedAccount, ImportRefusal>
}

/// Why one record is not imported. The reason names the field and the rule it broke, never the
/// field's value: reasons go to import summaries and logs, which must carry no hash, password or
/// address.
struct ImportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    var reason: String

    var description: String { reason }

    static let missingEmail = ImportRefusal("email is missing: Gatehouse accounts are email accounts")
    static let invalidEmail = ImportRefusal("email is not a valid address")
    static let duplicateId = ImportRefusal("the same id appears earlier in the file")
    static let notAnObject = ImportRefusal("the record is not a JSON object")
    static let duplicateAddress = ImportRefusal("the same address appears earlier in the file (addresses compare case-insensitively)")

    static func missing(_ field: String) -> ImportRefusal { ImportRefusal("\(field) is missing") }
}

extension ImportRefusal {
    // In an extension, so the memberwise `init(reason:)` stays.
    init(_ reason: String) {
        self.init(reason: reason)
    }
}

/// Reads the export files of other systems into accounts: pure functions of the file's bytes,
/// no database. A file that cannot be read at all throws `ImportFileError`; a record that cannot
/// be imported becomes a refused entry and the others are read on.
enum ExportReader {
    /// The most records one file may hold: an import is one command's work, and a larger file
    /// is better split than held in memory whole.
    static let maximumRecords = 1_000_000

    /// The entries of `data`, one per record in the file's order. Supabase and Django exports
    /// may be CSV or JSON (told apart by the first character); Firebase's is JSON. `firebaseHash`
    /// is the project's password hash parameters, needed when the Firebase export has hashes.
    /// `now` dates bans of disabled accounts and the confirmation of those the source says were
    /// confirmed without saying when.
    static func read(
        _ data: [UInt8], source: ImportSource, firebaseHash: FirebaseHashParameters?, now: Timestamp = .now()
    ) throws(ImportFileError) -> [ImportEntry] {
        try read(data, source: source, firebaseHash: firebaseHash, now: now, maximumRecords: maximumRecords)
    }

    static func read(
        _ data: Data, source: ImportSource, firebaseHash: FirebaseHashParameters?, now: Timestamp = .now()
    ) throws(ImportFileError) -> [ImportEntry] {
        try read(Array(data), source: source, firebaseHash: firebaseHash, now: now, maximumRecords: maximumRecords)
    }

    /// The same with another bound on the number of records (tests use a small one).
    static func read(
        _ data: [UInt8], source: ImportSource, firebaseHash: FirebaseHashParameters?, now: Timestamp, maximumRecords: Int
    ) throws(ImportFileError) -> [ImportEntry] {
        var entries = ImportEntryList(maximumRecords: maximumRecords)
        let isJSON = try Self.isJSON(data)
        switch source {
        case .firebase:
            guard isJSON else { throw .notJSON(expected: FirebaseExportReader.expectedShape) }
            try FirebaseExportReader.read(json: data, hash: firebaseHash, now: now, into: &entries)
        case .supabase:
            if isJSON {
                try SupabaseExportReader.read(json: data, now: now, into: &entries)
            } else {
                try SupabaseExportReader.read(csv: data, now: now, into: &entries)
            }
        case .django:
            if isJSON {
                try DjangoExportReader.read(json: data, now: now, into: &entries)
            } else {
                try DjangoExportReader.read(csv: data, now: now, into: &entries)
            }
        }
        return entries.entries
    }

    /// Whether the file is JSON: its first character after white space (and a byte order mark)
    /// opens an array or an object, which no CSV header of these exports does.
    private static func isJSON(_ data: [UInt8]) throws(ImportFileError) -> Bool {
        let start = CSVReader.startAfterByteOrderMark(data)
        guard let first = data[start...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .empty
        }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }
}
