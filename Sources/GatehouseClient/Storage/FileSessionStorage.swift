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
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file per key in a folder only the user can enter (0700), each file readable only by the
/// user (0600), written atomically so a crash never leaves half a session.
///
/// The file is created with mode 0600 by `open(2)` itself (FoundationNetworking's
/// `createFile(atPath:attributes:)` creates it with the umask's 0644 and chmods it afterwards),
/// an existing folder is tightened to 0700 on every write, and a file that its group or others
/// can access is refused with `FileSessionStorageError.fileNotPrivate` instead of trusted.
public struct FileSessionStorage: SessionStorage {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The file that holds `key`.
    public func fileURL(for key: String) -> URL {
        let safe = String(key.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".json")
    }

    public func load(key: String) throws -> Data? {
        let path = fileURL(for: key).path
        // O_NOFOLLOW: a symlink planted in place of the file is not followed to someone else's data.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSessionStorageError.readFailed(path: path, errno: errno)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // The mode of the file actually opened (fstat), so it cannot be swapped after the check.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSessionStorageError.readFailed(path: path, errno: errno) }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw FileSessionStorageError.fileNotPrivate(path: path, mode: mode) }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw FileSessionStorageError.readFailed(path: path, errno: EIO)
        }
    }

    public func store(_ data: Data, key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // A folder that existed before (made by hand, by an older version) is tightened too.
        guard chmod(directory.path, 0o700) == 0 else {
            throw FileSessionStorageError.folderNotPrivate(path: directory.path, errno: errno)
        }
        let target = fileURL(for: key)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        try Self.writeNewPrivateFile(data, at: temporary.path)
        // rename(2) replaces the old file atomically.
        guard rename(temporary.path, target.path) == 0 else {
            let failure = errno
            unlink(temporary.path)
            throw FileSessionStorageError.writeFailed(path: target.path, errno: failure)
        }
    }

    public func remove(key: String) throws {
        let url = fileURL(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }

    /// Creates `path` (it must not exist) with mode 0600 from the start, writes `data` and
    /// flushes it to disk. The umask can only narrow the mode, never widen it.
    private static func writeNewPrivateFile(_ data: Data, at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard descriptor >= 0 else { throw FileSessionStorageError.writeFailed(path: path, errno: errno) }
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if let failure {
            unlink(path)
            throw FileSessionStorageError.writeFailed(path: path, errno: failure)
        }
    }
}
