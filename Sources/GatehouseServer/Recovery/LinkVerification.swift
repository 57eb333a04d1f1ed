import Foundation
import GatehouseCore

extension AuthService {
    /// `POST /verify` from the page an emailed link opens (`token`, `type`, `redirect_to`): spends
    /// the link. Returns where to send the browser (303): the app with the session in the fragment
    /// (implicit flow), with `?code=` (PKCE), or with GoTrue's error fragment.
    func verifyLink(token: String?, type rawType: String?, redirectTo requested: String?, client: ClientInfo) async throws(AuthError) -> String {
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        let type = try VerificationType(rawType)
        let now = Clock.now()
        let linkHash = tokenHasher.linkHash(token)
        let purposes = type.purposes
        let hasher = tokenHasher
        enum Outcome: Sendable {
            case session(UserRecord, SessionRecord, redirect: String?)
            case code(String, redirect: String?)
            case invalid(redirect: String?)
        }
        let outcome = try await database(.transaction) { database -> Outcome in
            guard let consumed = try await OneTimeTokenRepository.consume(linkHash: linkHash, purposes: purposes, now: now, in: database) else {
                return .invalid(redirect: nil)
            }
            if let challenge = consumed.codeChallenge, let method = consumed.codeChallengeMethod {
                // PKCE: the app that holds the verifier exchanges this code for the session.
                guard var user = try await UserRepository.find(id: consumed.userId, in: database) else { return .invalid(redirect: consumed.redirectTo) }
                try await settleConfirmation(&user, by: consumed, now: now, in: database)
                user.updatedAt = now
                try await UserRepository.update(user, in: database)
                let code = UUID().uuidString.lowercased()
                let flow = FlowStateRecord(
                    id: UUID(), userId: user.id, codeChallenge: challenge, codeChallengeMethod: method,
                    authenticationMethod: consumed.purpose == .recovery ? "recovery" : "otp", createdAt: now
                )
                try await FlowStateRepository.insert(flow, authCodeHash: hasher.authCodeHash(code), in: database)
                return .code(code, redirect: consumed.redirectTo)
            }
            guard let (user, session) = try await completeVerification(consumed, client: client, now: now, in: database) else {
                return .invalid(redirect: consumed.redirectTo)
            }
            return .session(user, session, redirect: consumed.redirectTo)
        }
        switch outcome {
        case .session(let user, let session, let stored):
            let target = redirectPolicy.resolve(stored ?? requested).url
            let payload = try await sessionPayload(user: user, session: session, now: now)
            let fragment: [(String, String)] = [
                ("access_token", payload.accessToken), ("expires_at", String(payload.expiresAt)),
                ("expires_in", String(payload.expiresIn)), ("refresh_token", payload.refreshToken), ("sb", ""),
                ("token_type", "bearer"), ("type", type.rawValue),
            ]
            return Self.appending(fragment: fragment, to: target)
        case .code(let code, let stored):
            return Self.appending(query: [("code", code)], to: redirectPolicy.resolve(stored ?? requested).url)
        case .invalid(let stored):
            return Self.linkErrorLocation(redirectPolicy.resolve(stored ?? requested).url)
        }
    }

    /// `POST /token?grant_type=pkce {auth_code, code_verifier}`.
    func exchangeCode(authCode: String?, verifier: String?, client: ClientInfo) async throws(AuthError) -> SessionPayload {
        guard let authCode, !authCode.isEmpty, let verifier, !verifier.isEmpty else {
            throw .validation("invalid request: both auth code and code verifier should be non-empty")
        }
        let codeHash = tokenHasher.authCodeHash(authCode)
        let now = Clock.now()
        let flow = try await database(.transaction) { try await FlowStateRepository.take(authCodeHash: codeHash, in: $0) }
        guard let flow else { throw AuthError(.flowStateNotFound, status: .notFound, "invalid flow state, no valid flow state found") }
        if now.microsecondsSinceEpoch - flow.createdAt.microsecondsSinceEpoch > Int64(Self.flowStateLifetime * 1_000_000) {
            throw AuthError(.flowStateExpired, status: .unprocessableContent, "invalid flow state, flow state has expired")
        }
        guard PKCEChallenge(challenge: flow.codeChallenge, method: flow.codeChallengeMethod).isAnswered(by: verifier) else {
            throw AuthError(.badCodeVerifier, status: .badRequest, "code challenge does not match previously saved code verifier")
        }
        let started = try await database(.transaction) { database -> (UserRecord, SessionRecord)? in
            guard let user = try await UserRepository.find(id: flow.userId, in: database), !user.isBanned(at: now) else { return nil }
            if flow.authenticationMethod == "recovery" {
                try await OneTimeTokenRepository.deletePending(userId: user.id, purpose: nil, in: database)
            }
            let session = try await startSession(
                for: user, methods: [AuthenticationMethod(method: flow.authenticationMethod, timestamp: now.secondsSinceEpoch)],
                client: client, now: now, in: database
            )
            return (user, session)
        }
        guard let (user, session) = started else { throw AuthError(.userNotFound, status: .notFound, "User not found") }
        return try await sessionPayload(user: user, session: session, now: now)
    }

    /// Five minutes from the code's issue (GoTrue counts from the /recover call, which makes a
    /// recovery link opened after five minutes fail; counting from the click does not).
    static let flowStateLifetime: Double = 300

    static func appending(fragment items: [(String, String)], to url: String) -> String {
        let base = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        return base + "#" + encode(items)
    }

    static func appending(query items: [(String, String)], to url: String) -> String {
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        return base + (base.contains("?") ? "&" : "?") + encode(items) + fragment
    }

    private static func encode(_ items: [(String, String)]) -> String {
        items.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value)
        }.joined(separator: "&")
    }
}
