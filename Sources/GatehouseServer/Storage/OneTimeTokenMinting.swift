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

extension Store {
    /// Finds the accounts of `emails`, asks `plan` what to write for them, and writes it, in one
    /// transaction: the outbox worker's minting of a batch's one-time tokens.
    ///
    /// On SQLite the transaction is one call on the writer, with statements kept prepared
    /// (`SQLiteDirectConnection.mintOneTimeTokens`), as the worker's settlement. Through SQLKit it
    /// would be seven or more awaited statements, each built and prepared again for the batch's
    /// size, with the single writer held across them (Benchmarks/PROFILE.md).
    func mintOneTimeTokens(
        emails: [String], now: Timestamp, plan: @escaping @Sendable ([MintTarget]) -> OneTimeTokenMintPlan
    ) async throws -> OneTimeTokenMintPlan {
        if let sqlite = sql as? SQLiteStore {
            return try await sqlite.writeDirect { try $0.mintOneTimeTokens(emails: emails, now: now, plan: plan) }
        }
        return try await perform(.transaction) { try await $0.mintOneTimeTokens(emails: emails, now: now, plan: plan) }
    }
}

extension UnitOfWork {
    /// The minting through the repositories, inside the caller's transaction.
    func mintOneTimeTokens(emails: [String], now: Timestamp, plan: ([MintTarget]) -> OneTimeTokenMintPlan) async throws
        -> OneTimeTokenMintPlan
    {
        let found = try await users.mintTargets(emails: emails)
        let decided = plan(found)
        for (purpose, userIds) in decided.replacedPlain {
            try await oneTimeTokens.deletePendingPlain(userIds: userIds, purpose: purpose)
        }
        try await oneTimeTokens.insert(decided.tokens, now: now)
        for (userId, tokenId) in decided.signupTokens {
            if let newest = try await pendingSignups.newest(userId: userId) {
                try await pendingSignups.bind(id: newest.id, userId: userId, tokenId: tokenId)
            }
        }
        for (purpose, userIds) in decided.sent {
            try await users.recordEmailSent(userIds: userIds, purpose: purpose, at: now)
        }
        return decided
    }
}
