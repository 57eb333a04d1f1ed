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

/// A PKCE flow that reached its authorization code: `GET /verify` issued the code, and
/// `POST /token?grant_type=pkce` exchanges it once, with the verifier.
struct FlowStateRecord: Sendable {
    var id: UUID
    var userId: UUID
    var codeChallenge: String
    var codeChallengeMethod: String
    var authenticationMethod: String
    var createdAt: Timestamp
}

struct FlowStateRepository: Sendable {
    let database: any SQLDatabase

    func insert(_ flow: FlowStateRecord, authCodeHash: String) async throws {
        try await database.raw(
            """
            INSERT INTO flow_states (id, auth_code_hash, user_id, code_challenge, code_challenge_method, authentication_method, created_at)
            VALUES (\(bind: flow.id.lowercasedString), \(bind: authCodeHash), \(bind: flow.userId.lowercasedString),
                \(bind: flow.codeChallenge), \(bind: flow.codeChallengeMethod), \(bind: flow.authenticationMethod),
                \(bind: flow.createdAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// Removes and returns the flow for an authorization code: single use even under races.
    func take(authCodeHash: String) async throws -> FlowStateRecord? {
        let row = try await database.raw(
            """
            DELETE FROM flow_states WHERE auth_code_hash = \(bind: authCodeHash)
            RETURNING id, user_id, code_challenge, code_challenge_method, authentication_method, created_at
            """
        ).first()
        return try row.map(Self.decode)
    }

    /// The flow of an authorization code, left in place: the login page reads whose sign-up a
    /// confirmation's code belongs to without spending it (`take` spends it).
    func find(authCodeHash: String) async throws -> FlowStateRecord? {
        let row = try await database.raw(
            """
            SELECT id, user_id, code_challenge, code_challenge_method, authentication_method, created_at
            FROM flow_states WHERE auth_code_hash = \(bind: authCodeHash)
            """
        ).first()
        return try row.map(Self.decode)
    }

    private static func decode(_ row: any SQLRow) throws -> FlowStateRecord {
        FlowStateRecord(
            id: try row.decodeUUID(column: "id"),
            userId: try row.decodeUUID(column: "user_id"),
            codeChallenge: try row.decode(column: "code_challenge", as: String.self),
            codeChallengeMethod: try row.decode(column: "code_challenge_method", as: String.self),
            authenticationMethod: try row.decode(column: "authentication_method", as: String.self),
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}
