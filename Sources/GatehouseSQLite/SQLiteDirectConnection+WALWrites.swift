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

import CGatehouseSQLite
import VaporCSQLite

extension SQLiteDirectConnection {
    /// The writes SQLite made to this connection's WAL and those that reached the file, since the
    /// WAL was opened (`gatehouse_wal_vfs.c` gathers a transaction's frames into one). Nil when
    /// the WAL is not open, or not through the gathering VFS.
    func walWriteCounts() -> (received: Int, issued: Int)? {
        var received: Int64 = 0
        var issued: Int64 = 0
        guard gatehouse_sqlite3_wal_write_counts(handle, &received, &issued) == SQLITE_OK else { return nil }
        return (Int(received), Int(issued))
    }
}
