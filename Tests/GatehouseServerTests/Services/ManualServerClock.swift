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

@testable import GatehouseServer

/// A clock a test moves by hand: every service built with `clock` reads the same instant.
final class ManualServerClock: Sendable {
    private let current: Mutex<Timestamp>

    init(_ start: Timestamp = Timestamp(microsecondsSinceEpoch: 1_800_000_000_000_000)) {
        self.current = Mutex(start)
    }

    var clock: ServerClock { ServerClock { self.now } }
    var now: Timestamp { current.withLock { $0 } }

    func advance(seconds: Double) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }
}
