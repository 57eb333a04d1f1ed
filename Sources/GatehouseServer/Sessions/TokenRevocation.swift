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

/// Revoking everything a user holds: every session (so every refresh token) ends, and every
/// token issued before now is void (`token_validity`, Firebase's `validSince`, which
/// firebase-admin's `verify_id_token(check_revoked=True)` compares with an ID token's `iat`).
/// What a password change or reset through the Firebase API, and firebase-admin's
/// `revoke_refresh_tokens`, do.
enum TokenRevocation {
    /// Inside the caller's unit of work (a password reset's transaction): ends every session of
    /// `userId` except `kept`, and voids the tokens issued before `instant`.
    static func revokeAll(userId: UUID, at instant: Timestamp, except kept: UUID? = nil, in work: UnitOfWork) async throws {
        try await work.sessions.deleteAll(userId: userId, except: kept)
        try await work.tokenValidity.move(userId: userId, to: instant)
    }
}

extension SessionService {
    /// Ends every session of `userId` and voids their tokens issued before `instant` (now by default).
    func revokeTokens(userId: UUID, at instant: Timestamp? = nil) async throws(AuthError) {
        let instant = instant ?? clock.now()
        try await store.run(.transaction) { database in
            try await TokenRevocation.revokeAll(userId: userId, at: instant, in: database)
            try await database.audit(AuditEvent(.sessionsRevoked, user: userId), at: instant)
        }
    }

    /// Since when `user`'s tokens are valid: the last revocation, or the account's creation.
    func validSince(of user: UserRecord) async throws(AuthError) -> Timestamp {
        let userId = user.id
        return try await store.run { try await $0.tokenValidity.validSince(userId: userId) } ?? user.createdAt
    }

    /// The caller an ID token names (Firebase's, which carries the user, the session and the
    /// second it was issued): the user must exist and not be banned, the session must still be
    /// alive, and the token must not predate the user's last revocation. A deleted user is
    /// `user_not_found`; an ended session or a revoked token `session_not_found`.
    func authenticate(userId: UUID, sessionId: UUID, issuedAt: Int64) async throws(AuthError) -> Authenticated {
        let loaded = try await store.run { database -> (SessionRecord?, UserRecord?, Timestamp?) in
            let user = try await database.users.find(id: userId)
            guard user != nil else { return (nil, nil, nil) }
            let validSince = try await database.tokenValidity.validSince(userId: userId)
            let pair = try await database.sessions.findWithUser(id: sessionId)
            return (pair.flatMap { $0.0.userId == userId ? $0.0 : nil }, pair?.1 ?? user, validSince)
        }
        guard let user = loaded.1 else { throw AuthError(.userNotFound, kind: .forbidden, "User from sub claim in JWT does not exist") }
        let revoked = AuthError(.sessionNotFound, kind: .forbidden)
        guard let session = loaded.0 else { throw revoked }
        if let validSince = loaded.2, issuedAt < validSince.secondsSinceEpoch { throw revoked }
        let now = clock.now()
        if user.isBanned(at: now) { throw AuthError(.userBanned, kind: .forbidden) }
        return Authenticated(claims: signer.accessClaims(for: user, session: session, now: now), session: session, user: user)
    }
}

extension SessionService {
    /// After the caller changed their password through the Firebase API: a new session for them,
    /// every other session (the caller's old one too) ended and every earlier token void, so the
    /// client swaps in the new tokens and nothing issued before the change works any more.
    func restartAfterPasswordChange(_ caller: Authenticated, client: ClientInfo) async throws(AuthError) -> SessionRecord {
        let now = clock.now()
        let user = caller.user
        let issuer = issuer
        return try await store.run(.transaction) { database in
            let session = try await issuer.start(for: user, methods: [.password(at: now)], client: client, now: now, in: database)
            try await TokenRevocation.revokeAll(userId: user.id, at: now, except: session.id, in: database)
            return session
        }
    }
}
