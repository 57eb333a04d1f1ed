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

/// The web redirect flow's pending states (`oauth_flows`).
struct OAuthFlowRepository: Sendable {
    let database: any SQLDatabase

    func insert(_ flow: OAuthFlowRecord) async throws {
        let (target, linkUser) = Self.encode(flow.target)
        try await database.raw(
            """
            INSERT INTO oauth_flows (state_hash, browser_hash, provider, nonce, code_verifier, redirect_to, code_challenge,
                code_challenge_method, target, link_user_id, created_at)
            VALUES (\(bind: flow.stateHash), \(bind: flow.browserHash), \(bind: flow.provider), \(bind: flow.nonce),
                \(bind: flow.codeVerifier), \(bind: flow.redirectTo), \(bind: flow.clientChallenge?.challenge),
                \(bind: flow.clientChallenge?.method), \(bind: target), \(bind: linkUser), \(bind: flow.createdAt.microsecondsSinceEpoch))
            """
        ).run()
    }

    /// Removes and returns the flow of a state: a state is used once, even by two racing callbacks.
    func take(stateHash: String) async throws -> OAuthFlowRecord? {
        let row = try await database.raw(
            """
            DELETE FROM oauth_flows WHERE state_hash = \(bind: stateHash)
            RETURNING state_hash, browser_hash, provider, nonce, code_verifier, redirect_to, code_challenge, code_challenge_method,
                target, link_user_id, created_at
            """
        ).first()
        return try row.map(Self.decode)
    }

    /// Removes and returns the newest flow a browser started: where a provider's error that
    /// came back without its state is told.
    func takeNewest(browserHash: String) async throws -> OAuthFlowRecord? {
        let row = try await database.raw(
            """
            DELETE FROM oauth_flows WHERE state_hash = (
                SELECT state_hash FROM oauth_flows WHERE browser_hash = \(bind: browserHash) ORDER BY created_at DESC LIMIT 1)
            RETURNING state_hash, browser_hash, provider, nonce, code_verifier, redirect_to, code_challenge, code_challenge_method,
                target, link_user_id, created_at
            """
        ).first()
        return try row.map(Self.decode)
    }

    /// Removes the flows started before `instant` (never finished: abandoned at the provider).
    func deleteStarted(before instant: Timestamp) async throws {
        try await database.raw("DELETE FROM oauth_flows WHERE created_at < \(bind: instant.microsecondsSinceEpoch)").run()
    }

    private static func encode(_ target: OAuthFlowTarget) -> (String, String?) {
        switch target {
        case .app: ("app", nil)
        case .link(let userId): ("link", userId.lowercasedString)
        case .webSession: ("web", nil)
        case .webLink(let userId): ("web-link", userId.lowercasedString)
        }
    }

    private static func linkedUser(of row: any SQLRow) throws -> UUID {
        guard let id = try row.decode(column: "link_user_id", as: String?.self).flatMap(UUID.init(parsing:)) else {
            throw MalformedStoredValue(column: "link_user_id")
        }
        return id
    }

    private static func decode(_ row: any SQLRow) throws -> OAuthFlowRecord {
        let target: OAuthFlowTarget
        switch try row.decode(column: "target", as: String.self) {
        case "app": target = .app
        case "web": target = .webSession
        case "link": target = .link(try linkedUser(of: row))
        case "web-link": target = .webLink(try linkedUser(of: row))
        default: throw MalformedStoredValue(column: "target")
        }
        let challenge = try row.decode(column: "code_challenge", as: String?.self)
        let method = try row.decode(column: "code_challenge_method", as: String?.self)
        return OAuthFlowRecord(
            stateHash: try row.decode(column: "state_hash", as: String.self),
            browserHash: try row.decode(column: "browser_hash", as: String.self),
            provider: try row.decode(column: "provider", as: String.self),
            nonce: try row.decode(column: "nonce", as: String.self),
            codeVerifier: try row.decode(column: "code_verifier", as: String?.self),
            redirectTo: try row.decode(column: "redirect_to", as: String.self),
            clientChallenge: challenge.flatMap { challenge in method.map { PKCEChallenge(challenge: challenge, method: $0) } },
            target: target,
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}

extension UnitOfWork {
    var oauthFlows: OAuthFlowRepository { OAuthFlowRepository(database: database) }
}
