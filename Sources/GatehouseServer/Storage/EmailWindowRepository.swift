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
import SQLKit

/// The per-address send window (`email_send_windows`): at most one email of a kind per window.
struct EmailWindowRepository: Sendable {
    let database: any SQLDatabase

    /// Opens the window for `key` if it is not open already. Returns nil when the send may go
    /// ahead, or the seconds left. One statement: an upsert that only overwrites an expired entry.
    func claim(key: String, window: Double, now: Timestamp) async throws -> Int? {
        guard window > 0 else { return nil }
        let claimed = try await database.raw(
            "\(unsafeRaw: SendWindowClaim.insert)(\(bind: key), \(bind: now.microsecondsSinceEpoch))"
                + "\(unsafeRaw: SendWindowClaim.onConflict(window: window))\(unsafeRaw: SendWindowClaim.returningKeys)"
        ).first()
        if claimed != nil { return nil }
        let row = try await database.raw("SELECT last_sent_at FROM email_send_windows WHERE address_key = \(bind: key)").first()
        let last = try row?.decode(column: "last_sent_at", as: Int64.self) ?? now.microsecondsSinceEpoch
        return Self.secondsLeft(lastSentAt: last, window: window, now: now)
    }

    /// Whole seconds until a window opened at `lastSentAt` (microseconds) closes: rounded up, at
    /// least 1 (a refused request is always told to wait), at most the window. A request takes
    /// its time before it reaches the writer, so the window it finds may have been opened by a
    /// request stamped after it: counted from its own time, that window would outlast its length.
    static func secondsLeft(lastSentAt: Int64, window: Double, now: Timestamp) -> Int {
        let remaining = Double(lastSentAt + Int64(window * 1_000_000) - now.microsecondsSinceEpoch) / 1_000_000
        return min(Int(window.rounded(.up)), max(1, Int(remaining.rounded(.up))))
    }
}
