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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A length of time to the nanosecond: what the SDK uses where Swift's `Duration` would do,
/// because `Duration` (and `ContinuousClock`, `Task.sleep(for:)`) need iOS 16 and the SDK runs
/// from iOS 15. Written like `Duration` at call sites: `.seconds(30)`, `.milliseconds(200)`.
public struct TimeSpan: Hashable, Comparable, Sendable {
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static let zero = TimeSpan(nanoseconds: 0)

    public static func seconds(_ value: Int) -> TimeSpan { TimeSpan(nanoseconds: Int64(value) * 1_000_000_000) }
    public static func seconds(_ value: Double) -> TimeSpan { TimeSpan(nanoseconds: Int64((value * 1e9).rounded())) }
    public static func milliseconds(_ value: Int) -> TimeSpan { TimeSpan(nanoseconds: Int64(value) * 1_000_000) }

    /// The span in (fractional) seconds.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Whole seconds, rounded up: what a countdown shows (59.2 s left reads "60").
    public var secondsRoundedUp: Int {
        let (whole, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        return Int(whole) + (rest > 0 ? 1 : 0)
    }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
    public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
    public static func += (lhs: inout TimeSpan, rhs: TimeSpan) { lhs = lhs + rhs }

    /// Suspends the current task for this long (nothing for zero or less); throws
    /// `CancellationError` when the task is cancelled.
    public func sleep() async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, nanoseconds)))
    }

    /// Time on a monotonic clock that keeps counting while the device sleeps (what
    /// `ContinuousClock` reads): a cooldown started before the phone was locked still ends on time.
    public static func monotonicNow() -> TimeSpan {
        var spec = timespec()
        #if canImport(Darwin)
            clock_gettime(CLOCK_MONOTONIC_RAW, &spec)
        #else
            clock_gettime(CLOCK_BOOTTIME, &spec)
        #endif
        return TimeSpan(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
