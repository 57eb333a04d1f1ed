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

import GatehouseCore
import Synchronization

/// A live server's time, moved by the test: what the server reads for session time-boxes and
/// inactivity, token and link lifetimes. A test of those advances it instead of sleeping.
public final class LiveServerClock: Sendable {
    private let current: Mutex<Timestamp>

    public init(_ start: Timestamp = .now()) {
        current = Mutex(start)
    }

    public var now: Timestamp { current.withLock { $0 } }

    public func advance(seconds: Double) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }
}
