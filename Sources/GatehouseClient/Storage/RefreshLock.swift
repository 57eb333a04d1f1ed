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

/// Makes refreshes of one stored session take turns across processes (an app and its
/// extension): the one holding the lock rotates the token; the next re-reads the stored session
/// and finds the new one instead of presenting a token the server has already rotated.
public protocol RefreshLock: Sendable {
    /// Waits until this process may refresh; the returned hold ends the turn.
    func acquire() async -> RefreshLockHold
}

/// One turn at refreshing; `release()` ends it (once; later calls do nothing).
public final class RefreshLockHold: Sendable {
    private let onRelease: @Sendable () -> Void
    private let released = Locked(false)

    public init(release: @escaping @Sendable () -> Void) {
        onRelease = release
    }

    public func release() {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        if first { onRelease() }
    }

    deinit { release() }
}

/// A `flock(2)` lock file (0600), for a `FileSessionStorage` shared by several processes. The
/// kernel drops the lock if its holder dies; a holder stuck longer than `patience` is not waited
/// for (a refresh then risks what it would without the lock, rather than never happening).
public struct FileRefreshLock: RefreshLock {
    public let url: URL
    public var patience: TimeSpan

    public init(url: URL, patience: TimeSpan = .seconds(10)) {
        self.url = url
        self.patience = patience
    }

    public func acquire() async -> RefreshLockHold {
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return RefreshLockHold {} }
        let attempts = max(1, Int(patience.seconds / 0.02))
        for _ in 0..<attempts {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                return RefreshLockHold {
                    _ = flock(fd, LOCK_UN)
                    _ = close(fd)
                }
            }
            try? await TimeSpan.milliseconds(20).sleep()
        }
        close(fd)
        return RefreshLockHold {}
    }
}

/// No coordination: one client per storage key (the default outside `FileSessionStorage`).
struct NoRefreshLock: RefreshLock {
    func acquire() async -> RefreshLockHold { RefreshLockHold {} }
}
