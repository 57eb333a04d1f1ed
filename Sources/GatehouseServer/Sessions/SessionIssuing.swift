import Foundation
import GatehouseCore
import SQLKit

/// Who is asking: recorded on new sessions and used as the rate-limit key.
struct ClientInfo: Sendable {
    var address: String
    var userAgent: String?
}

extension AuthService {
    /// Starts a session for `user` inside the caller's transaction and returns it with counter 0.
    func startSession(
        for user: UserRecord, methods: [AuthenticationMethod], client: ClientInfo, now: Timestamp, in database: any SQLDatabase
    ) async throws -> SessionRecord {
        let session = SessionRecord(
            id: UUID(), userId: user.id, aal: "aal1", amr: methods, refreshCounter: 0, refreshedAt: now, createdAt: now
        )
        try await SessionRepository.insert(session, userAgent: client.userAgent, ip: client.address, in: database)
        return session
    }

    /// The session JSON: a fresh access token and the refresh token for the session's counter.
    func sessionPayload(
        user: UserRecord, session: SessionRecord, now: Timestamp, weakPassword: WeakPasswordPayload? = nil
    ) async throws(AuthError) -> SessionPayload {
        let signed: (token: String, expiresAt: Int64)
        do {
            signed = try await signer.accessToken(for: user, session: session, now: now)
        } catch {
            logger.error("Signing an access token failed", metadata: ["error": "\(error)"])
            throw AuthError(.unexpectedFailure, status: .internalServerError, "Could not sign the access token")
        }
        return SessionPayload(
            accessToken: signed.token, expiresIn: Int(signed.expiresAt - now.secondsSinceEpoch), expiresAt: signed.expiresAt,
            refreshToken: refreshTokens.encode(sessionId: session.id, counter: session.refreshCounter),
            user: user.payload, weakPassword: weakPassword
        )
    }
}
