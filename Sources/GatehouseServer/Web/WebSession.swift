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

/// Where a browser stands, read from its sign-in cookie.
enum WebSignIn {
    /// Signed in: the caller (as the API's bearer authentication would resolve it) and the
    /// cookie's state with `lastSeen` moved to now.
    case signedIn(Authenticated, WebSessionState)
    /// The cookie's session sat idle past its limit; it has just been ended.
    case timedOut
    /// The cookie names a session that no longer exists (signed out elsewhere, password changed)
    /// or a user who is gone or banned.
    case ended
    /// No cookie, or one this server did not seal.
    case signedOut
}

extension WebContext {
    /// The sign-in cookie resolved against its session (`WebSignInMiddleware` calls this once per
    /// request; pages read the verdict with `signIn(_ context:)`).
    func resolveSignIn(_ request: Request) async throws(AuthError) -> WebSignIn {
        guard let value = request.cookies[security.sessionCookieName]?.value, let state = security.open(value) else { return .signedOut }
        switch try await service.sessions.resumeCookieSession(
            sessionId: state.sessionId, userId: state.userId, lastSeen: state.lastSeen, remember: state.remember
        ) {
        case .active(let caller, let now):
            var refreshed = state
            refreshed.lastSeen = now.secondsSinceEpoch
            return .signedIn(caller, refreshed)
        case .timedOut: return .timedOut
        case .ended: return .ended
        }
    }

    /// Where the browser stands, as `WebSignInMiddleware` found it. A route declared without that
    /// middleware treats every browser as signed out; a storage failure reaches the page's own
    /// error handling, as it did when the page resolved the cookie itself.
    func signIn(_ context: GatehouseRequestContext) throws(AuthError) -> WebSignIn {
        guard let verdict = context.webSignIn else { return .signedOut }
        return try verdict.get()
    }

    /// `caller` read again (after an operation that changed the user or lowered the session's
    /// level); `caller` itself when the session has just ended.
    func reload(_ caller: Authenticated) async throws(AuthError) -> Authenticated {
        let now = service.environment.clock.now().secondsSinceEpoch
        let status = try await service.sessions.resumeCookieSession(
            sessionId: caller.session.id, userId: caller.user.id, lastSeen: now, remember: false)
        guard case .active(let current, _) = status else { return caller }
        return current
    }

    /// The cookie state for a session an operation just started (sign-in, sign-up).
    func cookieState(for issued: IssuedSession, remember: Bool) -> WebSessionState {
        WebSessionState(
            sessionId: issued.session.id, userId: issued.user.id, remember: remember,
            lastSeen: issued.session.createdAt.secondsSinceEpoch
        )
    }

    /// Sets (or refreshes) the sign-in cookie: a session cookie, or 30 days with "Remember me".
    func setSignInCookie(_ state: WebSessionState, on exchange: inout WebExchange) {
        guard let sealed = security.seal(state) else { return }
        let maxAge = state.remember ? Int(SessionService.rememberedCookieSessionIdleLimit) : nil
        exchange.cookies.append(security.cookie(name: security.sessionCookieName, value: sealed, maxAge: maxAge))
        exchange.bindCSRF(toSession: state.sessionId.lowercasedString, security)
    }

    func clearSignInCookie(on exchange: inout WebExchange) {
        exchange.cookies.append(security.removal(of: security.sessionCookieName))
        exchange.bindCSRF(toSession: "", security)
    }

    /// Where a browser that is not (or no longer) signed in goes instead of a signed-in page.
    func signedOutRedirect(_ signIn: WebSignIn, exchange: inout WebExchange) -> WebOutcome {
        switch signIn {
        case .timedOut:
            clearSignInCookie(on: &exchange)
            return .redirect("/login?reason=timeout")
        case .ended:
            clearSignInCookie(on: &exchange)
            return .redirect("/login")
        case .signedOut, .signedIn:
            return .redirect("/login")
        }
    }
}
