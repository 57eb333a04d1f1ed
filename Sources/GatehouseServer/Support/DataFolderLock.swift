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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` on a file beside the SQLite database (`gatehouse.sqlite.lock`): a
/// running server holds it shared for its whole life, and `gatehouse restore` needs it
/// exclusively, so a database is never swapped under a server that has it open (and a server
/// does not start in the middle of a restore). The kernel releases it when the process ends,
/// however it ends, so a crash leaves no stale lock behind.
public final class DataFolderLock: Sendable {
    private let descriptor: Int32

    public enum Mode: Sendable {
        /// A server: several may hold it together, not beside a restore.
        case shared
        /// A restore: alone.
        case exclusive
    }

    /// The lock file of the database at `databasePath`.
    static func path(for databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock without waiting; nil when another process holds it in a conflicting mode.
    static func acquire(databasePath: String, _ mode: Mode) throws -> DataFolderLock? {
        let path = path(for: databasePath)
        // A lock file left more open (by hand, by a copy) is tightened like the database's files.
        try PrivateFiles.tightenIfPresent(path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFiles.fileMode)
        guard descriptor >= 0 else {
            throw ConfigurationError("could not open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        guard flock(descriptor, Int32(operation)) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { return nil }
            throw ConfigurationError("could not lock \(path): \(String(cString: strerror(failure)))")
        }
        return DataFolderLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
