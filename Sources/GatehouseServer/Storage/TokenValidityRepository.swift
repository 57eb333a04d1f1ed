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

/// Reads and writes `token_validity`: per user, the instant before which every token issued to
/// them is void (Firebase's `validSince`, which firebase-admin's `check_revoked` compares with an
/// ID token's `iat`). A user without a row has had nothing revoked: their tokens are valid since
/// the account was made.
struct TokenValidityRepository: Sendable {
    let database: any SQLDatabase

    func validSince(userId: UUID) async throws -> Timestamp? {
        let row = try await database.raw(
            "SELECT valid_since FROM token_validity WHERE user_id = \(bind: userId.lowercasedString)"
        ).first()
        return try row.map { Timestamp(microsecondsSinceEpoch: try $0.decode(column: "valid_since", as: Int64.self)) }
    }

    /// Voids every token of `userId` issued before `instant`.
    func move(userId: UUID, to instant: Timestamp) async throws {
        try await database.raw(
            """
            INSERT INTO token_validity (user_id, valid_since) VALUES (\(bind: userId.lowercasedString), \(bind: instant.microsecondsSinceEpoch))
            ON CONFLICT (user_id) DO UPDATE SET valid_since = excluded.valid_since
            """
        ).run()
    }
}
