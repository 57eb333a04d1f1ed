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

extension SessionService {
    /// `POST /token?grant_type=refresh_token`, with rotation.
    ///
    /// The session's counter says which refresh token is current. Presenting the current one
    /// advances the counter (compare-and-set, so two racing requests cannot both rotate).
    /// Presenting the one just before it within the reuse interval returns the current pair
    /// again: the client lost our answer, or two tabs raced (supabase-swift retries POSTs).
    /// Anything older is a replay of a stolen token, so the whole session is revoked.
    ///
    /// `authProtocol`: the protocol carrying the session on. A session the account's state does
    /// not allow over it (`AccountLifecycle.allowsSession`) is refused without being spent
    /// (`Store.readForRefresh`).
    func refresh(token: String?, client: ClientInfo, over authProtocol: AuthProtocol = .gotrue) async throws(AuthError)
        -> IssuedSession
    {
        guard let token, !token.isEmpty else { throw .validation("Refresh token is required") }
        guard let decoded = refreshTokens.decode(token) else {
            throw AuthError(.refreshTokenNotFound, kind: .invalidRequest)
        }
        let reuseInterval = configuration.refreshTokenReuseInterval
        // Two attempts: a lost compare-and-set means another request rotated first; re-reading
        // then finds our token one step behind, inside the reuse interval.
        for _ in 0..<2 {
            let now = clock.now()
            let limits = configuration.sessions
            let read = try await store.readForRefresh(id: decoded.sessionId, presented: decoded.counter, at: now) {
                session, user throws(AuthError) in
                try AccountLifecycle.requireSession(of: user, over: authProtocol, at: now, kind: .invalidRequest)
                if let expired = session.expiry(under: limits, at: now) { throw expired }
            }
            guard let read else { throw AuthError(.refreshTokenNotFound, kind: .invalidRequest) }
            let user = read.user
            var session = read.session

            switch decoded.counter {
            case session.refreshCounter:
                guard read.advanced else { continue }
                session.refreshCounter += 1
                session.refreshedAt = now
                return try await issuer.issue(user: user, session: session, now: now)
            case session.refreshCounter - 1
            where now.microsecondsSinceEpoch - session.refreshedAt.microsecondsSinceEpoch
                <= Int64(reuseInterval * 1_000_000):
                return try await issuer.issue(user: user, session: session, now: now)
            case ..<session.refreshCounter:
                let sessionId = session.id
                let reuse = AuditEvent(.refreshTokenReused, user, traits: ["session_id": sessionId.lowercasedString])
                try await store.run(.transaction) { database in
                    try await database.sessions.delete(id: sessionId)
                    try await database.audit(reuse, at: now)
                }
                logger.notice("Refresh token reuse detected; session revoked", metadata: ["session_id": "\(sessionId)"])
                throw AuthError(.refreshTokenAlreadyUsed, kind: .invalidRequest)
            default:
                throw .validation("Invalid Refresh Token: Not Issued By This Server")
            }
        }
        throw AuthError(.conflict, kind: .conflict, "Concurrent refresh conflict, please retry")
    }
}
