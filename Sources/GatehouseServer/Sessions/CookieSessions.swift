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

/// Where a web page's cookie session stands.
enum CookieSessionStatus: Sendable {
    /// Alive: the caller as the API's bearer authentication would resolve it, seen at `now`.
    case active(Authenticated, now: Timestamp)
    /// It sat idle past its limit and has just been ended.
    case timedOut
    /// The session no longer exists (signed out elsewhere, password changed), or its user is
    /// gone or banned.
    case ended
}

/// The web pages' cookie sessions. A cookie session is an ordinary session (a row of
/// `sessions`, listed and revoked like the API's); the cookie holds only its ids, sealed.
extension SessionService {
    /// "Remember me": the cookie persists and the session survives 30 days without a visit.
    static let rememberedCookieSessionIdleLimit: Int64 = 30 * 24 * 3600

    /// Seconds a cookie session may sit unused: the access-token lifetime (as an app's session
    /// would lapse without a refresh), or 30 days with "Remember me".
    func cookieSessionIdleLimit(remember: Bool) -> Int64 {
        remember ? Self.rememberedCookieSessionIdleLimit : Int64(configuration.jwtExpiry)
    }

    /// Resumes the session a cookie names, last seen at `lastSeen` (seconds since the epoch).
    func resumeCookieSession(
        sessionId: UUID, userId: UUID, lastSeen: Int64, remember: Bool
    ) async throws(AuthError) -> CookieSessionStatus {
        let now = clock.now()
        let loaded = try await store.run { try await $0.sessions.findWithUser(id: sessionId) }
        guard let (session, user) = loaded, user.id == userId else { return .ended }
        if now.secondsSinceEpoch - lastSeen > cookieSessionIdleLimit(remember: remember) {
            try await store.run(.transaction) { try await $0.sessions.delete(id: sessionId) }
            return .timedOut
        }
        if user.isBanned(at: now) { return .ended }
        return .active(authenticated(user: user, session: session, now: now), now: now)
    }

    /// The caller for a loaded session: claims exactly as the access token of that session
    /// carries them, so `signOut` and `updateUser` see what they see through the API.
    func authenticated(user: UserRecord, session: SessionRecord, now: Timestamp) -> Authenticated {
        Authenticated(claims: signer.accessClaims(for: user, session: session, now: now), session: session, user: user)
    }
}
