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
import GatehouseSQLite
import SQLiteNIO

// The outbox worker's minting on SQLite's direct connection: the same rows as
// `UserRepository.mintTargets(emails:)` reads and `OneTimeTokenRepository`, `PendingSignupRepository`
// and `UserRepository.recordEmailSent` write, one kept statement a row, inside the transaction
// `SQLiteStore.writeDirect` opens.

extension SQLiteDirectConnection {
    func mintOneTimeTokens(
        emails: [String], now: Timestamp, plan: ([MintTarget]) -> OneTimeTokenMintPlan
    ) throws -> OneTimeTokenMintPlan {
        var found: [MintTarget] = []
        for email in emails {
            try run(Self.findTarget, [.text(email)]) { row in
                guard let text = row.text(0), let id = UUID(uuidString: text), let email = row.text(1) else { return }
                found.append(MintTarget(id: id, email: email, isConfirmed: row.integer(2) != nil))
            }
        }
        let decided = plan(found)
        for (purpose, userIds) in decided.replacedPlain {
            for userId in userIds {
                try run(Self.deletePendingPlain, [.text(userId.lowercasedString), .text(purpose.rawValue)])
            }
        }
        let createdAt = SQLiteData.integer(Int(now.microsecondsSinceEpoch))
        for (record, linkHash) in decided.tokens {
            try run(
                Self.insertToken,
                [
                    .text(record.id.lowercasedString), .text(record.userId.lowercasedString), .text(record.purpose.rawValue),
                    .text(linkHash), .text(record.codeHash), .integer(record.attempts), .optionalText(record.codeChallenge),
                    .optionalText(record.codeChallengeMethod), .optionalText(record.redirectTo),
                    .integer(Int(record.expiresAt.microsecondsSinceEpoch)),
                    record.consumedAt.map { .integer(Int($0.microsecondsSinceEpoch)) } ?? .null, createdAt,
                ])
        }
        for (userId, tokenId) in decided.signupTokens {
            let user = SQLiteData.text(userId.lowercasedString)
            var newest: String?
            try run(Self.newestSignup, [user]) { row in newest = row.text(0) }
            if let newest { try run(Self.bindSignup, [.text(tokenId.lowercasedString), .text(newest), user]) }
        }
        for (purpose, userIds) in decided.sent {
            let statement = "UPDATE users SET \(UserRepository.sentAtColumn(purpose)) = ?1 WHERE id = ?2"
            for userId in userIds { try run(statement, [createdAt, .text(userId.lowercasedString)]) }
        }
        return decided
    }

    private static let findTarget = "SELECT id, email, email_confirmed_at FROM users WHERE email = ?1"

    private static let deletePendingPlain = """
        DELETE FROM one_time_tokens
        WHERE user_id = ?1 AND purpose = ?2 AND consumed_at IS NULL AND code_challenge IS NULL
        """

    private static let insertToken = """
        INSERT INTO one_time_tokens (id, user_id, purpose, token_hash, code_hash, attempts, code_challenge,
            code_challenge_method, redirect_to, expires_at, consumed_at, created_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        """

    private static let newestSignup = """
        SELECT id FROM pending_signups WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1
        """

    private static let bindSignup = "UPDATE pending_signups SET token_id = ?1 WHERE id = ?2 AND user_id = ?3"
}
