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

/// The server's notion of now, as a seam: the system clock in production, a clock the test sets
/// and moves in tests (`ServerClock.fixed`, or the tests' `ManualServerClock`). Named apart from the standard
/// library's `Clock` protocol, which measures durations, not wall time.
struct ServerClock: Sendable {
    private let read: @Sendable () -> Timestamp

    init(_ read: @escaping @Sendable () -> Timestamp) {
        self.read = read
    }

    /// The wall clock.
    static let system = ServerClock { Timestamp.now() }

    /// A clock that always reads `instant`.
    static func fixed(_ instant: Timestamp) -> ServerClock { ServerClock { instant } }

    func now() -> Timestamp { read() }
    func nowMicros() -> Int64 { now().microsecondsSinceEpoch }
}
