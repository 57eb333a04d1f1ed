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
import GatehouseCore
import SQLKit
import Testing

@testable import GatehouseServer

/// The attempt budgets' bookkeeping (the behaviour through HTTP: SignInBudgetTests and
/// Conformance/recovery/test_recovery_code_guesses.py).
@Suite("Attempt budgets")
struct AttemptBudgetTests {
    @Test("a window admits `limit` claims, then none until it has passed; the purge forgets old windows")
    func windowsAndPurge() async throws {
        try await withTemporarySQLiteStore { store in
            let now = Timestamp.now()
            let claims = try await store.write { database in
                var results: [Bool] = []
                for _ in 0..<4 { results.append(try await database.attemptBudgets.claim(key: "k", limit: 3, window: 60, now: now)) }
                results.append(try await database.attemptBudgets.claim(key: "k", limit: 3, window: 60, now: now.adding(seconds: 61)))
                _ = try await database.attemptBudgets.claim(key: "old", limit: 3, window: 60, now: now.adding(seconds: -2 * Retention.day))
                return results
            }
            #expect(claims == [true, true, true, false, true])
            try await store.write { try await $0.retention.purge(now: now) }
            let keys = try await store.read { database in
                try await database.raw("SELECT budget_key FROM attempt_budgets").all().map {
                    try $0.decode(column: "budget_key", as: String.self)
                }
            }
            #expect(keys == ["k"])
        }
    }
}
