import Foundation
import GatehouseCore

extension AuthService {
    /// Whether a reset link token is usable, without consuming it (the page's GET: mail scanners
    /// open links, and opening must not spend them).
    func isUsableResetToken(_ token: String) async throws(AuthError) -> Bool {
        let linkHash = tokenHasher.linkHash(token)
        let now = Clock.now()
        return try await database { try await OneTimeTokenRepository.findUsable(linkHash: linkHash, now: now, in: $0) } != nil
    }

    /// The reset page's POST: checks the token, then spends it and sets the password in one transaction, ends
    /// every session of the user, clears their pending tokens, queues the "password changed"
    /// notice, and signs the user in with a fresh session.
    func resetPassword(token: String, newPassword: String, client: ClientInfo) async throws(AuthError) -> SessionPayload {
        let password = try AuthError.checkPassword(newPassword, policy: passwordPolicy)
        let linkHash = tokenHasher.linkHash(token)
        // The token first: a made-up or spent token must not buy a bcrypt hash. (It is spent
        // below, atomically; one that is used up in between only fails there, after the hash.)
        let checked = Clock.now()
        let usable = try await database { try await OneTimeTokenRepository.findUsable(linkHash: linkHash, now: checked, in: $0) }
        guard let usable, usable.purpose == .recovery else { throw Self.linkExpired }
        let hash = try await hashing { try await hasher.hash(password) }
        let now = Clock.now()
        let result = try await database(.transaction) { database -> (UserRecord, SessionRecord)? in
            guard let consumed = try await OneTimeTokenRepository.consume(linkHash: linkHash, purposes: [.recovery], now: now, in: database),
                  var user = try await UserRepository.find(id: consumed.userId, in: database), !user.isBanned(at: now)
            else { return nil }
            try await settleConfirmation(&user, by: consumed, now: now, in: database)
            user.passwordHash = hash
            user.lastSignInAt = now
            user.updatedAt = now
            try await UserRepository.update(user, in: database)
            try await SessionRepository.deleteAll(userId: user.id, in: database)
            try await OneTimeTokenRepository.deletePending(userId: user.id, purpose: nil, in: database)
            try await OutboxRepository.enqueue(.passwordChanged(userId: user.id), now: now, in: database)
            let session = try await startSession(
                for: user, methods: [AuthenticationMethod(method: "recovery", timestamp: now.secondsSinceEpoch)],
                client: client, now: now, in: database
            )
            return (user, session)
        }
        guard let (user, session) = result else { throw Self.linkExpired }
        outboxSignal.nudge()
        return try await sessionPayload(user: user, session: session, now: now)
    }
}
