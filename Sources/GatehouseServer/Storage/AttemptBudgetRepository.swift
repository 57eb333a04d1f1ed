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
import PostgresNIO
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
        if let postgres = database as? PostgresConnectionSQL {
            let rows = try await postgres.rows(AttemptClaimStatement(key: key, now: nowMicros, cutoff: cutoff, limit: Int64(limit)))
            return !rows.isEmpty
        }
        let claim = SQLNumberedText(AttemptClaimStatement.text(placeholder:), binds: [key, nowMicros, cutoff, Int64(limit)])
        return try await claim.fetcher(on: database).first() != nil
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

/// Claiming one try of a budget: a new row, or the existing one counted on (or started again when
/// its window is over) unless its tries are spent. Every right-hand side reads the row as it was
/// before the update, on both engines. It returns a row when the try was claimed. PostgreSQL
/// keeps it prepared; elsewhere SQLKit runs the same text (`SQLNumberedText`).
struct AttemptClaimStatement: PostgresKeptStatement {
    /// The text with parameter `n` written by `placeholder(n)`: 1 the key, 2 now, 3 the start of
    /// the window that ends now, 4 the limit.
    static func text(placeholder p: (Int) -> String) -> String {
        """
        INSERT INTO attempt_budgets (budget_key, window_started_at, attempts) VALUES (\(p(1)), \(p(2)), 1)
        ON CONFLICT (budget_key) DO UPDATE SET
            attempts = CASE WHEN attempt_budgets.window_started_at <= \(p(3)) THEN 1 ELSE attempt_budgets.attempts + 1 END,
            window_started_at = CASE WHEN attempt_budgets.window_started_at <= \(p(3))
                THEN excluded.window_started_at ELSE attempt_budgets.window_started_at END
        WHERE attempt_budgets.window_started_at <= \(p(3)) OR attempt_budgets.attempts < \(p(4))
        RETURNING attempts
        """
    }

    static let sql = text(placeholder: { "$\($0)" })
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8, .int8]

    let key: String
    let now: Int64
    let cutoff: Int64
    let limit: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(key)
        bindings.append(now)
        bindings.append(cutoff)
        bindings.append(limit)
        return bindings
    }
}
