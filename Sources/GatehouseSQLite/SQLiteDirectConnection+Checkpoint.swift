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

// Checkpoints run by a connection of their own beside the writer (the server's
// `SQLiteCheckpointer`): SQLite's checkpoint call with its counts, and the sync of the database
// file that a checkpoint which reaches the end of the WAL makes.

extension SQLiteDirectConnection {
    /// How a checkpoint treats the connections beside it (two of SQLite's modes).
    public enum CheckpointMode: Sendable {
        /// Copies what it can into the database file without waiting for anyone.
        case passive
        /// Waits (up to the busy timeout) for the writer and the readers, copies the whole WAL,
        /// and makes the next write start the WAL over from its beginning.
        case restart

        var sqliteMode: Int32 {
            switch self {
            case .passive: SQLITE_CHECKPOINT_PASSIVE
            case .restart: SQLITE_CHECKPOINT_RESTART
            }
        }
    }

    /// What a checkpoint found and did.
    public struct Checkpoint: Sendable, Equatable {
        /// The frames (pages) the WAL held.
        public var walFrames: Int
        /// Of those, the frames now copied into the database file.
        public var copiedFrames: Int
        /// True when it could not finish: another checkpoint was running, or a RESTART's busy
        /// timeout passed while a connection held on.
        public var busy: Bool
    }

    /// Runs one checkpoint of the main database on this connection.
    public func checkpoint(_ mode: CheckpointMode) throws -> Checkpoint {
        var walFrames: Int32 = -1
        var copiedFrames: Int32 = -1
        let status = sqlite_nio_sqlite3_wal_checkpoint_v2(handle, nil, mode.sqliteMode, &walFrames, &copiedFrames)
        guard status == SQLITE_OK || status == SQLITE_BUSY else { throw error(status) }
        return Checkpoint(walFrames: Int(walFrames), copiedFrames: Int(copiedFrames), busy: status == SQLITE_BUSY)
    }

    /// Syncs the database file to storage, with whatever checkpoints have copied into it.
    ///
    /// A checkpoint that reaches the end of the WAL syncs the file before the WAL may start over,
    /// and that sync writes out every page the checkpoints before it copied. A RESTART holds the
    /// writes for its whole length, so syncing first, while writes go on, leaves it only the
    /// pages of its own last moments to write out.
    public func syncDatabaseFile() throws {
        let status = gatehouse_sqlite3_sync_main_file(handle)
        guard status == SQLITE_OK else { throw error(status) }
    }
}
