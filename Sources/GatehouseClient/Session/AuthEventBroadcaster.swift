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

/// Hands every auth event to every listener; each `stream()` is one listener that ends when its
/// consumer stops iterating.
final class AuthEventBroadcaster: Sendable {
    private let listeners = Locked<[Int: AsyncStream<AuthStateChange>.Continuation]>([:])
    private let nextID = Locked(0)

    func stream() -> AsyncStream<AuthStateChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthStateChange.self, bufferingPolicy: .unbounded)
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    func emit(_ event: AuthChangeEvent, _ session: Session?, endReason: SessionEndReason? = nil) {
        let change = AuthStateChange(event: event, session: session, endReason: endReason)
        // Yield under the lock, so two emitters never interleave their events differently for
        // different listeners.
        listeners.withLock { listeners in
            for continuation in listeners.values { continuation.yield(change) }
        }
    }

    deinit {
        listeners.withLock { listeners in
            for continuation in listeners.values { continuation.finish() }
        }
    }
}
