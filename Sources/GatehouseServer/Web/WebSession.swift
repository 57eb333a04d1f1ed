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

/// The web pages' cookie sessions. A cookie session is an ordinary session (a row of
/// `sessions`, listed and revoked like the API's); the cookie holds only its id, sealed.
extension AuthService {
    /// "Remember me": the cookie persists and the session survives 30 days without a visit.
    static let rememberedWebSessionIdleLimit: Int64 = 30 * 24 * 3600

    /// Seconds a web session may sit unused: the access-token lifetime (as an app's session
    /// would lapse without a refresh), or 30 days with "Remember me".
    func webSessionIdleLimit(remember: Bool) -> Int64 {
        remember ? Self.rememberedWebSessionIdleLimit : Int64(configuration.jwtExpiry)
    }

    func webSignIn(cookie value: String?, security: WebSecurity) async throws(AuthError) -> WebSignIn {
        guard let value, let state = security.open(value) else { return .signedOut }
        let now = Clock.now()
        let loaded = try await database { try await SessionRepository.findWithUser(id: state.sessionId, in: $0) }
        guard let (session, user) = loaded, user.id == state.userId else { return .ended }
        if now.secondsSinceEpoch - state.lastSeen > webSessionIdleLimit(remember: state.remember) {
            let sessionId = session.id
            try await database(.transaction) { try await SessionRepository.delete(id: sessionId, in: $0) }
            return .timedOut
        }
        if user.isBanned(at: now) { return .ended }
        var refreshed = state
        refreshed.lastSeen = now.secondsSinceEpoch
        return .signedIn(authenticated(user: user, session: session, now: now), refreshed)
    }

    /// The caller for a loaded session: claims exactly as the access token of that session
    /// carries them, so `signOut` and `updateUser` see what they see through the API.
    func authenticated(user: UserRecord, session: SessionRecord, now: Timestamp) -> Authenticated {
        Authenticated(claims: signer.accessClaims(for: user, session: session, now: now), session: session, user: user)
    }

    /// The cookie state for the session an API operation just started (sign-in, sign-up).
    func webSessionState(for payload: SessionPayload, remember: Bool) async throws(AuthError) -> WebSessionState {
        let claims = try await signer.verifyAccessToken(payload.accessToken)
        guard let sessionId = UUID(uuidString: claims.sessionId), let userId = UUID(uuidString: claims.sub.value) else {
            throw AuthError(.unexpectedFailure, status: .internalServerError, "Session without ids")
        }
        return WebSessionState(sessionId: sessionId, userId: userId, remember: remember, lastSeen: Clock.now().secondsSinceEpoch)
    }

    /// Ends the session `payload` belongs to (the reset page changes the password but signs
    /// nobody in: people sign in with the new password, which proves they have it).
    func endSession(of payload: SessionPayload) async throws(AuthError) {
        let claims = try await signer.verifyAccessToken(payload.accessToken)
        guard let sessionId = UUID(uuidString: claims.sessionId) else { return }
        try await database(.transaction) { try await SessionRepository.delete(id: sessionId, in: $0) }
    }

    /// Whether `password` is the caller's current one (one bcrypt verify, off the event loop).
    func isCurrentPassword(_ password: String, of user: UserRecord) async throws(AuthError) -> Bool {
        guard !password.isEmpty, password.utf8.count <= PasswordPolicy.maximumBytes else { return false }
        return try await hashing { try await hasher.verify(password, against: user.passwordHash) }
    }
}

extension WebContext {
    func signIn(_ request: Request) async throws(AuthError) -> WebSignIn {
        try await service.webSignIn(cookie: request.cookies[security.sessionCookieName]?.value, security: security)
    }

    /// Sets (or refreshes) the sign-in cookie: a session cookie, or 30 days with "Remember me".
    func setSignInCookie(_ state: WebSessionState, on exchange: inout WebExchange) {
        guard let sealed = security.seal(state) else { return }
        let maxAge = state.remember ? Int(AuthService.rememberedWebSessionIdleLimit) : nil
        exchange.cookies.append(security.cookie(name: security.sessionCookieName, value: sealed, maxAge: maxAge))
        exchange.bindCSRF(toSession: state.sessionId.uuidString.lowercased(), security)
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
