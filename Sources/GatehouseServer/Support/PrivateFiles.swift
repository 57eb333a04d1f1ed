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

/// Files only the server's own user may read: the data folder (0700), the SQLite database and
/// its WAL/SHM files, and the development JWT secret (0600).
///
/// They are created with these modes from the first system call, whatever the umask, so there is
/// no moment when another local user could open them; and a folder or file left more open (by an
/// earlier version, or by hand) is tightened when the server starts.
enum PrivateFiles {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Creates `path` (and missing parents) with mode 0700, or tightens an existing folder.
    static func prepareDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ConfigurationError("\(path) exists and is not a folder") }
        } else {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            if mkdir(path, directoryMode) != 0, errno != EEXIST {
                throw ConfigurationError("could not create the folder \(path): \(String(cString: strerror(errno)))")
            }
        }
        try tighten(path, to: directoryMode)
    }

    /// Creates an empty file with mode 0600 if there is none; tightens an existing one.
    static func prepareFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            throw ConfigurationError("could not create \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        try tighten(path, to: fileMode)
    }

    /// Tightens `path` to 0600 if it exists (SQLite's -wal and -shm files).
    static func tightenIfPresent(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) { try tighten(path, to: fileMode) }
    }

    /// Writes `data` to a new file created 0600 (fails if the file exists).
    static func createFile(_ path: String, contents data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            throw ConfigurationError("could not create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw ConfigurationError("could not write \(path)") }
    }

    /// Removes group and other permission bits (never widens what is there).
    private static func tighten(_ path: String, to wanted: mode_t) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let current = status.st_mode & 0o7777
        guard current & ~wanted != 0 else { return }
        if chmod(path, current & wanted) != 0 {
            throw ConfigurationError("could not restrict the permissions of \(path): \(String(cString: strerror(errno)))")
        }
    }
}
