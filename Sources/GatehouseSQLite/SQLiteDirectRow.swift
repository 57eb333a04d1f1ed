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

import SQLKit
import SQLiteKit
import VaporCSQLite

/// One row read by `SQLiteDirectDatabase`, decoded as SQLiteKit decodes SQLiteNIO's rows.
public struct SQLiteDirectRow: SQLRow {
    public let columns: RowColumns
    public let values: [SQLiteData]

    public init(columns: RowColumns, values: [SQLiteData]) {
        self.columns = columns
        self.values = values
    }

    public var allColumns: [String] { columns.names }

    public func contains(column: String) -> Bool { columns.position(of: column) != nil }

    public func decodeNil(column: String) throws -> Bool {
        guard let position = columns.position(of: column) else { return true }
        return values[position] == .null
    }

    public func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let position = columns.position(of: column) else {
            throw SQLiteDirectError(code: SQLITE_ERROR, message: "no column \(column)")
        }
        let value = values[position]
        // Text, whole numbers and NULL, as most columns are read, without `Codable`'s decoder,
        // whose generic containers cost more than the rest of the read; anything else goes through it.
        if let reading = SQLiteSimpleColumn(D.self), reading.accepts(value) { return reading.read(value, as: D.self) }
        return try SQLiteDataDecoder().decode(D.self, from: value)
    }
}

extension SQLiteDirectConnection {
    /// Every row of `sql` bound to `values`, read whole, as SQLKit rows.
    public func rows(_ sql: String, _ values: [SQLiteData]) throws -> [SQLiteDirectRow] {
        var rows: [SQLiteDirectRow] = []
        var columns: RowColumns?
        try run(sql, values) { row in
            let names = columns ?? self.columns(of: row)
            columns = names
            rows.append(SQLiteDirectRow(columns: names, values: row.values()))
        }
        return rows
    }
}
