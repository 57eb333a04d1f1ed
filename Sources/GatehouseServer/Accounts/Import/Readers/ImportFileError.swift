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

/// Why an export file cannot be read at all (as opposed to one record of it, an
/// `ImportRefusal`). Each message says what was expected; none quotes the file's contents.
enum ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// Not JSON, or JSON of another shape than the export's.
    case notJSON(expected: String)
    case unexpectedJSONShape(expected: String)
    /// A CSV file broken where quoting makes the rest unreadable.
    case malformedCSV(line: Int, reason: String)
    /// Bytes that are not UTF-8 text.
    case notUTF8(line: Int)
    /// A CSV header without columns the import needs.
    case missingColumns([String])
    /// A Firebase export with password hashes, read without the project's hash parameters.
    case missingFirebaseHashParameters
    case invalidFirebaseHashParameters(ImportedHashError)
    /// More records than one import reads (`ExportReader.maximumRecords`).
    case tooManyRecords(limit: Int)

    var description: String {
        switch self {
        case .empty:
            "the file is empty"
        case .notJSON(let expected):
            "the file is not valid JSON: expected \(expected)"
        case .unexpectedJSONShape(let expected):
            "the file is JSON of another shape: expected \(expected)"
        case .malformedCSV(let line, let reason):
            "the file is not valid CSV (RFC 4180) at line \(line): \(reason)"
        case .notUTF8(let line):
            "the file is not UTF-8 text (line \(line))"
        case .missingColumns(let columns):
            "the CSV header lacks the column\(columns.count == 1 ? "" : "s") "
                + columns.joined(separator: ", ") + " (the first line must name the columns)"
        case .missingFirebaseHashParameters:
            "the Firebase export has password hashes but no hash parameters were given: pass the project's "
                + "(Firebase console, Authentication, Users, ⋮, Password hash parameters)"
        case .invalidFirebaseHashParameters(let error):
            "the Firebase hash parameters are not usable: \(error.description)"
        case .tooManyRecords(let limit):
            "the file has more than \(limit) records: split it and import the parts one after another"
        }
    }
}
