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

import GatehouseClient

/// The time source of the feature models: request timeouts, cooldowns and countdowns read it,
/// so tests drive them with a `ManualClock` instead of waiting.
public protocol FeatureClock: Sendable {
    /// Monotonic time since the clock's origin.
    var now: TimeSpan { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: TimeSpan) async throws
}

/// Real time, on a monotonic clock that counts on while the device sleeps.
public struct SystemClock: FeatureClock {
    private let origin: TimeSpan

    public init() {
        origin = TimeSpan.monotonicNow()
    }

    public var now: TimeSpan { TimeSpan.monotonicNow() - origin }

    public func sleep(for duration: TimeSpan) async throws {
        try await duration.sleep()
    }
}
