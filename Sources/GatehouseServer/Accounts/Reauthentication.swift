import Foundation
import GatehouseCore

extension AuthError {
    static let reauthenticationNeeded = AuthError(
        AuthErrorCode("reauthentication_needed"), status: .badRequest, "Password update requires reauthentication"
    )
    static let reauthenticationNotValid = AuthError(
        AuthErrorCode("reauthentication_not_valid"), status: .badRequest, "Nonce has expired or is invalid"
    )
    static let currentPasswordInvalid = AuthError(
        AuthErrorCode("current_password_invalid"), status: .badRequest, "Current password is incorrect"
    )
}

extension AuthService {
    /// A password change needs more than an access token, which may have been stolen (issue 11,
    /// item 7). Any one of these is enough: the session signed in within
    /// `reauthenticationWindow`; it is a recovery session (from an emailed link) no older than
    /// the link's lifetime; the correct `current_password`; or the nonce `GET /reauthenticate`
    /// emailed. Otherwise 400 `reauthentication_needed`.
    func requirePasswordChangeProof(_ caller: Authenticated, currentPassword: String?, nonce: String?) async throws(AuthError) {
        let now = Clock.now()
        let age = Double(now.microsecondsSinceEpoch - caller.session.createdAt.microsecondsSinceEpoch) / 1_000_000
        if age < configuration.reauthenticationWindow { return }
        if caller.session.amr.contains(where: { $0.method == "recovery" }), age < Double(configuration.otpExpiry) { return }
        if let currentPassword, !currentPassword.isEmpty {
            guard try await isCurrentPassword(currentPassword, of: caller.user) else { throw .currentPasswordInvalid }
            return
        }
        if let nonce, !nonce.isEmpty {
            guard try await redeemReauthenticationNonce(nonce, userId: caller.user.id, now: now) else { throw .reauthenticationNotValid }
            return
        }
        throw .reauthenticationNeeded
    }

    /// Spends one attempt and, if `nonce` is right, the nonce itself.
    private func redeemReauthenticationNonce(_ nonce: String, userId: UUID, now: Timestamp) async throws(AuthError) -> Bool {
        let expected = tokenHasher.codeHash(nonce, tokenId: userId)
        return try await database(.transaction) { database in
            guard let stored = try await ReauthenticationNonceRepository.spendAttempt(userId: userId, now: now, in: database),
                  OneTimeTokenHasher.constantTimeEquals(stored, expected)
            else { return false }
            try await ReauthenticationNonceRepository.delete(userId: userId, in: database)
            return true
        }
    }

    /// `GET /reauthenticate`: queues the nonce email, at most one per address per send window.
    func requestReauthentication(_ caller: Authenticated) async throws(AuthError) {
        guard caller.user.isConfirmed else {
            throw AuthError(.emailNotConfirmed, status: .unprocessableContent, "Please verify your email first.")
        }
        let email = try AuthError.checkEmail(caller.user.email)
        let key = tokenHasher.addressKey(email, purpose: "reauthentication")
        let now = Clock.now()
        let window = configuration.emailSendWindow
        let userId = caller.user.id
        let wait = try await database(.transaction) { database -> Int? in
            if let wait = try await EmailWindowRepository.claim(key: key, window: window, now: now, in: database) { return wait }
            try await OutboxRepository.enqueue(.reauthentication(userId: userId), now: now, in: database)
            return nil
        }
        if let wait {
            throw AuthError(
                .overEmailSendRateLimit, status: .tooManyRequests,
                "For security purposes, you can only request this after \(wait) seconds.", retryAfter: wait
            )
        }
        outboxSignal.nudge()
    }

    /// For the outbox worker: mints the nonce when the email is sent (jobs carry no secret).
    func issueReauthenticationNonce(userId: UUID) async throws -> (email: String, context: EmailTemplates.Context)? {
        let now = Clock.now()
        let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now)
        let hash = tokenHasher.codeHash(issued.code, tokenId: userId)
        let user = try await store.write { database -> UserRecord? in
            guard let user = try await UserRepository.find(id: userId, in: database) else { return nil }
            try await ReauthenticationNonceRepository.store(userId: userId, nonceHash: hash, expiresAt: issued.expiresAt, now: now, in: database)
            return user
        }
        guard let user else { return nil }
        let context = EmailTemplates.Context(
            productName: configuration.mail.productName, email: user.email, link: nil, code: issued.code,
            expiry: UserFacingText.duration(seconds: configuration.otpExpiry)
        )
        return (user.email, context)
    }
}
