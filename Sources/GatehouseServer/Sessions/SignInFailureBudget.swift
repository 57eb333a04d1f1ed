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

extension SessionService {
    /// Claims one password try for an address (`GATEHOUSE_SIGNIN_FAILURE_LIMIT` tries in a row
    /// per `GATEHOUSE_SIGNIN_FAILURE_WINDOW`, a success starts again) or throws GoTrue's 429.
    ///
    /// Per-IP buckets do not stop guesses spread over many client addresses; this budget is per
    /// address, whoever asks. It is keyed by the address as typed (normalized), not by the
    /// account, and claimed before the account is looked up, so registered and unknown
    /// addresses get the same answers at the same moments: nothing about the account leaks.
    /// The try is counted before the password is checked (one conditional upsert), so parallel
    /// guesses get no more checks than the budget.
    func claimSignInTry(budgetKey: String) async throws(AuthError) {
        let limit = configuration.signInFailureLimit
        guard limit > 0 else { return }
        let window = configuration.signInFailureWindow
        let now = clock.now()
        let wait = try await store.run(.statement) { database -> Int? in
            if try await database.attemptBudgets.claim(key: budgetKey, limit: limit, window: window, now: now) {
                return nil
            }
            return try await database.attemptBudgets.secondsLeft(key: budgetKey, window: window, now: now) ?? Int(window)
        }
        if let wait {
            throw AuthError(.overRequestRateLimit, kind: .rateLimited, retryAfter: wait)
        }
    }
}
