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
import Hummingbird

/// What the console's cookie holds (sealed with the console's own key): which session, whose,
/// when it was last used and when its password was given.
struct ConsoleSessionState: Codable, Sendable {
    var sessionId: UUID
    var userId: UUID
    /// Seconds since 1970 of the last console request (the idle limit).
    var lastSeen: Int64
    /// Seconds since 1970 of the password step (the absolute limit).
    var startedAt: Int64

    enum CodingKeys: String, CodingKey {
        // "s" is what `WebSecurity.csrfBinding` reads: the console's forms are bound to it.
        case sessionId = "s"
        case userId = "u"
        case lastSeen = "t"
        case startedAt = "a"
    }
}

/// The operator a console page is served to (set by `ConsoleGuardMiddleware`).
struct ConsoleOperator: Sendable {
    /// The operator's session and account, as the API's bearer authentication would resolve them.
    let caller: Authenticated

    var userId: UUID { caller.user.id }
    var email: String { caller.user.email }
}

/// Where a browser stands with the console, read from its console cookie.
enum ConsoleSignIn: Sendable {
    /// An operator at full strength, and the cookie's state with `lastSeen` moved to now.
    case signedIn(ConsoleOperator, ConsoleSessionState)
    /// Past the password; the TOTP code is still due (`/admin/login/factor`).
    case needsFactor(Authenticated, factorId: UUID, ConsoleSessionState)
    /// Idle or too old: the session has just been ended.
    case timedOut
    /// The session is gone (signed out, revoked) or its user is banned or deleted.
    case ended
    /// Signed in, but no longer an operator (demoted).
    case notOperator
    /// No console cookie, or one this server did not seal.
    case signedOut
}

extension ConsoleContext {
    /// The console cookie resolved against its session (`ConsoleGuardMiddleware`, and the
    /// sign-in pages themselves).
    func resolveSignIn(_ request: Request) async throws(AuthError) -> ConsoleSignIn {
        guard let value = request.cookies[security.sessionCookieName]?.value,
            let state = security.openSealed(value, as: ConsoleSessionState.self)
        else { return .signedOut }
        switch try await service.sessions.resumeConsoleSession(
            sessionId: state.sessionId, userId: state.userId, lastSeen: state.lastSeen, startedAt: state.startedAt
        ) {
        case .active(let caller, let now):
            var refreshed = state
            refreshed.lastSeen = now.secondsSinceEpoch
            return .signedIn(ConsoleOperator(caller: caller), refreshed)
        case .needsFactor(let caller, let factorId): return .needsFactor(caller, factorId: factorId, state)
        case .timedOut: return .timedOut
        case .ended: return .ended
        case .notOperator: return .notOperator
        }
    }

    /// The console cookie for a session the password step just started.
    func cookieState(for session: SessionRecord) -> ConsoleSessionState {
        let now = session.createdAt.secondsSinceEpoch
        return ConsoleSessionState(sessionId: session.id, userId: session.userId, lastSeen: now, startedAt: now)
    }

    /// The console cookie: a session cookie (no `Max-Age`: closing the browser ends it too).
    func sessionCookie(_ state: ConsoleSessionState) -> Cookie? {
        security.seal(state).map { security.cookie(name: security.sessionCookieName, value: $0) }
    }

    func setSignInCookie(_ state: ConsoleSessionState, on exchange: inout WebExchange) {
        guard let cookie = sessionCookie(state) else { return }
        exchange.cookies.append(cookie)
        exchange.bindCSRF(toSession: state.sessionId.lowercasedString, security)
    }

    func clearSignInCookie(on exchange: inout WebExchange) {
        exchange.cookies.append(security.removal(of: security.sessionCookieName))
        exchange.bindCSRF(toSession: "", security)
    }
}
