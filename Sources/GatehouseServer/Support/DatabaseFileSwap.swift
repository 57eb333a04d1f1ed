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

/// The file moves of a restore: the current database (and its WAL and shared-memory files) set
/// aside under one new name, and the copy written beside the target first, then renamed over
/// it, so a failed copy never leaves half a database in place.
enum DatabaseFileSwap {
    static let companions = ["", "-wal", "-shm"]

    /// Renames `path` and its companions to `path.replaced-<UTC time>…`; returns the new name of
    /// the database, or nil when there was none.
    static func moveAside(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var kept = path + ".replaced-" + formatter.string(from: Date())
        var attempt = 1
        while FileManager.default.fileExists(atPath: kept) {
            attempt += 1
            kept = path + ".replaced-" + formatter.string(from: Date()) + "-\(attempt)"
        }
        for suffix in companions where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.moveItem(atPath: path + suffix, toPath: kept + suffix)
        }
        return kept
    }

    /// Copies `source` to `target` (mode 0600) in 1 MiB chunks, telling `progress` the bytes
    /// copied and the total, then syncs it and renames it into place.
    static func copy(from source: String, to target: String, progress: (Int64, Int64) -> Void) throws {
        let partial = target + ".restoring"
        try? FileManager.default.removeItem(atPath: partial)
        try PrivateFiles.createFile(partial, contents: Data())
        guard let input = FileHandle(forReadingAtPath: source), let output = FileHandle(forWritingAtPath: partial) else {
            throw ConfigurationError("could not open \(source) or \(partial)")
        }
        defer {
            try? input.close()
            try? output.close()
        }
        let total = SQLiteDatabaseFile.fileSize(source)
        var copied: Int64 = 0
        progress(0, total)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
            copied += Int64(chunk.count)
            progress(copied, total)
        }
        try output.synchronize()
        guard rename(partial, target) == 0 else {
            throw ConfigurationError("could not move \(partial) to \(target): \(String(cString: strerror(errno)))")
        }
    }
}
