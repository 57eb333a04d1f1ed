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

/// Statement text whose parameters are numbered (written by `text` for parameter n: `$n` on
/// PostgreSQL, `?n` on SQLite), with its binds in that order: one text for a statement
/// PostgreSQL keeps prepared and for SQLKit on the other engine, where `database.raw` would
/// number a parameter used twice as two.
struct SQLNumberedText: SQLExpression {
    let text: @Sendable ((Int) -> String) -> String
    let binds: [any Encodable & Sendable]

    init(_ text: @escaping @Sendable ((Int) -> String) -> String, binds: [any Encodable & Sendable]) {
        self.text = text
        self.binds = binds
    }

    func serialize(to serializer: inout SQLSerializer) {
        let offset = serializer.binds.count
        let database = serializer.database
        let dialect = serializer.dialect
        serializer.write(
            text { number in
                var placeholder = SQLSerializer(database: database)
                dialect.bindPlaceholder(at: offset + number).serialize(to: &placeholder)
                return placeholder.sql
            })
        serializer.binds.append(contentsOf: binds)
    }

    /// The statement's rows through SQLKit (`first()`, `all()`).
    func fetcher(on database: any SQLDatabase) -> some SQLQueryFetcher { Fetcher(query: self, database: database) }

    private final class Fetcher: SQLQueryFetcher {
        let query: any SQLExpression
        let database: any SQLDatabase

        init(query: any SQLExpression, database: any SQLDatabase) {
            self.query = query
            self.database = database
        }
    }
}
