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

/// Fixed-window attempt budgets (`attempt_budgets`), shared by every instance through the
/// database: code guesses per account, password sign-ins per address.
///
/// A try is claimed *before* it is checked, in one conditional upsert, so any number of
/// parallel tries cannot get more than `limit` checks per window: the database row, not a
/// read followed by a write, decides.
struct AttemptBudgetRepository: Sendable {
    let database: any SQLDatabase

    /// Claims one try for `key`. True when the try may go ahead; false when `limit` tries were
    /// already claimed in the current window (which then simply runs out).
    func claim(key: String, limit: Int, window: Double, now: Timestamp) async throws -> Bool {
        let nowMicros = now.microsecondsSinceEpoch
        let cutoff = nowMicros - Int64(window * 1_000_000)
        // Every right-hand side reads the row as it was before the update, on both engines.
        let claimed = try await database.raw(
            """
            INSERT INTO attempt_budgets (budget_key, window_started_at, attempts) VALUES (\(bind: key), \(bind: nowMicros), 1)
            ON CONFLICT (budget_key) DO UPDATE SET
                attempts = CASE WHEN attempt_budgets.window_started_at <= \(bind: cutoff) THEN 1 ELSE attempt_budgets.attempts + 1 END,
                window_started_at = CASE WHEN attempt_budgets.window_started_at <= \(bind: cutoff)
                    THEN excluded.window_started_at ELSE attempt_budgets.window_started_at END
            WHERE attempt_budgets.window_started_at <= \(bind: cutoff) OR attempt_budgets.attempts < \(bind: limit)
            RETURNING attempts
            """
        ).first()
        return claimed != nil
    }

    /// Seconds until `key`'s window ends (at least 1), for a Retry-After; nil if it has none.
    func secondsLeft(key: String, window: Double, now: Timestamp) async throws -> Int? {
        let row = try await database.raw("SELECT window_started_at FROM attempt_budgets WHERE budget_key = \(bind: key)").first()
        guard let started = try row?.decode(column: "window_started_at", as: Int64.self) else { return nil }
        let left = Double(started - now.microsecondsSinceEpoch) / 1_000_000 + window
        return max(1, Int(left.rounded(.up)))
    }

    /// Starts `key`'s budget again (after a success: whoever got it right owns the account).
    func reset(key: String) async throws {
        try await database.raw("DELETE FROM attempt_budgets WHERE budget_key = \(bind: key)").run()
    }
}
