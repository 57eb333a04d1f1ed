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

extension SQLRow {
    /// Every column as text (NULL spelled out), in the query's order: rows written two ways
    /// compare as strings, on either engine (SQLite reads a text of digits as the same number).
    func describedColumns() throws -> String {
        try allColumns.map { column in
            if try decodeNil(column: column) { return "\(column)=NULL" }
            // Integers first: PostgreSQL hands a BIGINT's bytes to a String decode.
            if let number = try? decode(column: column, as: Int64.self) { return "\(column)=\(number)" }
            return "\(column)=\(try decode(column: column, as: String.self))"
        }.joined(separator: " ")
    }
}
