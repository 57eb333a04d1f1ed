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

/// The two shapes of a table export, read record by record into the list: a CSV file with a
/// header, and a JSON array of objects.
extension ImportEntryList {
    /// A CSV export: the header names the columns (those of `required` must be there, unknown
    /// ones are ignored), then each row is one record, refused when its number of fields is not
    /// the header's.
    mutating func readCSV(
        _ data: [UInt8], columns: Set<String>, required: [String], idColumn: String,
        account: (ExportRecord) throws(ImportRefusal) -> ImportedAccount
    ) throws(ImportFileError) {
        var header: CSVHeader?
        try CSVReader.forEachRecord(in: data) { (fields, _) throws(ImportFileError) in
            guard let header else {
                header = try CSVHeader(fields, wanted: columns, required: required)
                return
            }
            let record = ExportRecord(csv: fields, header: header)
            let sourceId = (try? record.nonEmptyText(idColumn)) ?? ""
            guard fields.count == header.count else {
                let refusal = ImportRefusal("the row has \(fields.count) fields where the header has \(header.count)")
                try refuse(sourceId: sourceId, refusal)
                return
            }
            try append(sourceId: sourceId) { () throws(ImportRefusal) -> ImportedAccount in try account(record) }
        }
        guard header != nil else { throw .missingColumns(required) }
    }

    /// A JSON export's records, each an object (or nil when the element was not one).
    mutating func readJSON(
        _ objects: [[String: JSONValue]?], idField: String, account: (ExportRecord) throws(ImportRefusal) -> ImportedAccount
    ) throws(ImportFileError) {
        for object in objects {
            guard let object else {
                try refuse(.notAnObject)
                continue
            }
            let record = ExportRecord(json: object)
            let sourceId = (try? record.nonEmptyText(idField)) ?? ""
            try append(sourceId: sourceId) { () throws(ImportRefusal) -> ImportedAccount in try account(record) }
        }
    }
}
