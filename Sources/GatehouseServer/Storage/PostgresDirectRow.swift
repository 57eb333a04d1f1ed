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

import GatehouseSQLite
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// One row of a statement kept prepared (`PostgresConnectionSQL.rows`), as SQLKit's row: the
/// common column types are read from the cells directly (`PostgresSimpleColumn`), the rest, and
/// every lookup of a column the row does not have, as PostgresKit's own rows read them. The
/// column names are looked up in `RowColumns`, kept for the statement, rather than hashed twice
/// at each column.
struct PostgresDirectRow: SQLRow {
    let columns: RowColumns
    let cells: PostgresRandomAccessRow
    let row: PostgresRow

    /// Each kept statement's columns, made from its first result and kept: a kept statement's
    /// columns stay the same, and comparing each result's names costs less than fingerprinting
    /// them again.
    private static let columnsByStatement = Mutex<[ObjectIdentifier: RowColumns]>([:])

    /// The rows of `statement` (its type's identity) as SQLKit rows; PostgresKit's own when two
    /// columns share a name (its lookup takes the last of them, `RowColumns` the first).
    static func rows(_ rows: [PostgresRow], of statement: ObjectIdentifier) -> [any SQLRow] {
        guard let first = rows.first else { return [] }
        let names = first.map(\.columnName)
        let columns = columnsByStatement.withLock { kept in
            if let columns = kept[statement], columns.names == names { return columns }
            let columns = RowColumns(names)
            kept[statement] = columns
            return columns
        }
        guard columns.namesAreUnique else { return rows.map { $0.sql() } }
        return rows.map { PostgresDirectRow(columns: columns, cells: $0.makeRandomAccess(), row: $0) }
    }

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.position(of: column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let position = columns.position(of: column) else { return true }
        return cells[position].bytes == nil
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        if let position = columns.position(of: column), let reading = PostgresSimpleColumn(D.self) {
            return try reading.read(cells[position], as: D.self)
        }
        return try row.sql().decode(column: column, as: D.self)
    }
}
