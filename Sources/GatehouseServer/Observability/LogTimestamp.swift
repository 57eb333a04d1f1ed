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
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON log lines' timestamps, formatted once per second. Every request writes a line, and
/// `Date.formatted(.iso8601…)` for each one was a visible share of a request's cost
/// (Benchmarks/PROFILE.md).
final class LogTimestamp: Sendable {
    static let shared = LogTimestamp()

    private struct Cached {
        var second: Int = .min
        var utc = ""
    }

    private let cached = Mutex(Cached())

    /// `2026-11-27T17:44:21.123Z`: UTC with milliseconds, for the JSON lines.
    func utc(_ now: timespec = LogTimestamp.now()) -> String {
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        return seconds(now.tv_sec) + "." + milliseconds.zeroPadded(toWidth: 3) + "Z"
    }

    static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    /// `2026-11-27T17:44:21`, UTC, for `second` since the epoch.
    private func seconds(_ second: Int) -> String {
        if let hit = cached.withLock({ $0.second == second ? $0.utc : nil }) { return hit }
        var seconds = time_t(second)
        var parts = tm()
        let utc = gmtime_r(&seconds, &parts) != nil ? Self.format(&parts, "%Y-%m-%dT%H:%M:%S") : "1970-01-01T00:00:00"
        cached.withLock { $0 = Cached(second: second, utc: utc) }
        return utc
    }

    private static func format(_ parts: inout tm, _ pattern: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
