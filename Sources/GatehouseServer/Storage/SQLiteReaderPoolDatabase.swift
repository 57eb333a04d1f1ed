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
import Logging
import NIOCore
import SQLKit

/// SQLite's readers as one `SQLDatabase`: each statement borrows a free reader for the
/// statement only, so a read's own work between statements (decoding rows, the next
/// query's building) never keeps a reader from another request. Reads are autocommit statements
/// each, as they were on SQLiteNIO's readers, so nothing depends on two sharing a connection.
struct SQLiteReaderPoolDatabase: SQLiteRowsDatabase {
    let readers: AsyncResourcePool<SQLiteDirectDatabase>
    let logger: Logger
    let eventLoop: any EventLoop

    /// Yields once the reader is back, as the writer does (`SQLiteStore.withWriterTurn`).
    func rows(_ query: any SQLExpression) async throws -> [SQLiteDirectRow] {
        let rows = try await readers.withResource { try await $0.rows(query) }
        await Task.yield()
        return rows
    }
}
