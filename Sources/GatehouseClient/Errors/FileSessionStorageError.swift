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

/// Why `FileSessionStorage` refused to read or write a session.
public enum FileSessionStorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The session file grants its group or others some access: someone else may have read the
    /// tokens, or planted a session. It is not loaded.
    case fileNotPrivate(path: String, mode: Int)
    /// The folder could not be made private (0700), e.g. it belongs to another user.
    case folderNotPrivate(path: String, errno: Int32)
    /// The operating system refused a step of the write.
    case writeFailed(path: String, errno: Int32)
    /// The file could not be read.
    case readFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .fileNotPrivate(let path, let mode):
            "the session file \(path) has mode \(String(mode, radix: 8)) and is readable by others (or writable by them); "
                + "it was not loaded: delete it, or make it private with chmod 600"
        case .folderNotPrivate(let path, let errno):
            "the session folder \(path) cannot be made private (chmod 700 failed, errno \(errno)); choose a folder you own"
        case .writeFailed(let path, let errno):
            "could not write the session file \(path) (errno \(errno))"
        case .readFailed(let path, let errno):
            "could not read the session file \(path) (errno \(errno))"
        }
    }
}
