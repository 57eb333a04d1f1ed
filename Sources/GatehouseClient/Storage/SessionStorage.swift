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

/// Where the SDK keeps a session between launches: small blobs under string keys.
/// Implementations: `KeychainSessionStorage` (Apple platforms), `FileSessionStorage` (a 0600 file
/// elsewhere) and `MemorySessionStorage` (nothing survives the process).
public protocol SessionStorage: Sendable {
    func load(key: String) throws -> Data?
    func store(_ data: Data, key: String) throws
    func remove(key: String) throws
}

/// Keeps values in memory only: what a session lives in when "remember me" is off.
public final class MemorySessionStorage: SessionStorage {
    private let values = Locked<[String: Data]>([:])

    public init() {}

    public func load(key: String) -> Data? {
        values.withLock { $0[key] }
    }

    public func store(_ data: Data, key: String) {
        values.withLock { $0[key] = data }
    }

    public func remove(key: String) {
        _ = values.withLock { $0.removeValue(forKey: key) }
    }
}

/// The persistent storage of the platform: the Keychain where there is one, else a file in the
/// user's state folder (`$XDG_STATE_HOME/gatehouse` or `~/.local/state/gatehouse`).
public enum PlatformSessionStorage {
    public static func make(service: String = "gatehouse") -> any SessionStorage {
        #if canImport(Security)
            return KeychainSessionStorage(service: service)
        #else
            return FileSessionStorage(directory: defaultDirectory(service: service))
        #endif
    }

    static func defaultDirectory(service: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            return URL(fileURLWithPath: state).appendingPathComponent(service)
        }
        // `homeDirectoryForCurrentUser` is macOS-only; NSHomeDirectory() exists everywhere.
        return URL(fileURLWithPath: NSHomeDirectory())
            .appendingPathComponent(".local/state").appendingPathComponent(service)
    }
}

/// A storage failure the SDK does not hide: a stored session that could not be read (the
/// session is unknown, not absent) or a copy that could not be deleted (not a finished sign-out).
public struct SessionStorageError: Error, Sendable, Equatable {
    public enum Operation: String, Sendable { case read, remove }
    public let operation: Operation
    public let key: String
    /// The storage's own error, described (e.g. a Keychain status).
    public let reason: String

    public init(operation: Operation, key: String, reason: String) {
        self.operation = operation
        self.key = key
        self.reason = reason
    }
}

extension SessionStorage {
    /// Deletes `key`, trying once more before reporting the failure (a Keychain busy for a moment).
    func removeReliably(key: String) throws {
        do {
            try remove(key: key)
        } catch {
            do {
                try remove(key: key)
            } catch {
                throw SessionStorageError(operation: .remove, key: key, reason: String(describing: error))
            }
        }
    }
}
