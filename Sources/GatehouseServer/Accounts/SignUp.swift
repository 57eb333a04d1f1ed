import Foundation
import GatehouseCore

enum SignUpResult: Sendable {
    case session(SessionPayload)
    case user(UserPayload)
}

extension AuthService {
    /// `POST /signup`.
    ///
    /// An address that is already registered is never revealed while confirmations are on: the
    /// answer is a user object of exactly the shape a new sign-up gets (GoTrue's fake user has
    /// `identities: []`, a known oracle, supabase/auth#1517), and the same bcrypt work is done.
    func signUp(
        email rawEmail: String?, password rawPassword: String?, data: [String: JSONValue], client: ClientInfo,
        redirectTo: String? = nil, pkce: PKCEChallenge? = nil
    ) async throws(AuthError) -> SignUpResult {
        if configuration.signupDisabled {
            throw AuthError(.signupDisabled, status: .unprocessableContent, "Signups not allowed for this instance")
        }
        let email = try AuthError.checkEmail(rawEmail, missingMessage: "Signup requires a valid email address")
        let password = try AuthError.checkPassword(rawPassword, policy: passwordPolicy)
        try checkMetadataSize(data, field: "data")
        let hash = try await hashing { try await hasher.hash(password) }
        let now = Clock.now()
        var candidate = UserRecord.new(
            email: email, passwordHash: hash, userMetadata: data, confirmedAt: configuration.autoconfirm ? now : nil, now: now
        )
        if !configuration.autoconfirm { candidate.confirmationSentAt = now }
        let autoconfirm = configuration.autoconfirm
        // Confirmation mail for new and still-unconfirmed accounts; within the address's send
        // window it is skipped silently (a 429 here would tell registered addresses apart).
        // Each such sign-up is kept apart with its own password and metadata, and its link
        // applies exactly those (`settleConfirmation`).
        let redirect = redirectTo.map { redirectPolicy.resolve($0).url }
        let pkce = pkce
        let confirmation: @Sendable (PendingSignupRecord) -> OutboxJob = { pending in
            .signupConfirmation(
                email: email.normalized, redirectTo: redirect, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method,
                pendingSignupId: pending.id
            )
        }
        let pendingSignup: @Sendable (UUID) -> PendingSignupRecord = { userId in
            PendingSignupRecord(id: UUID(), userId: userId, passwordHash: hash, userMetadata: data, createdAt: now)
        }
        let newUser = candidate
        let windowKey = tokenHasher.addressKey(email, purpose: EmailRequestKind.signupConfirmation.rawValue)
        let window = configuration.emailSendWindow
        let outcome: SignUpOutcome = try await database(.transaction) { database in
            if let existing = try await UserRepository.find(email: email, in: database) {
                if !existing.isConfirmed {
                    let pending = pendingSignup(existing.id)
                    try await PendingSignupRepository.insert(pending, in: database)
                    // Links of earlier sign-ups stop working at once: only the newest sign-up's
                    // link (once minted) can confirm the address.
                    try await OneTimeTokenRepository.deletePending(userId: existing.id, purpose: .signup, in: database)
                    _ = try await enqueueWithinWindow(confirmation(pending), kind: .signupConfirmation, email: email, now: now, in: database)
                } else if !autoconfirm {
                    // Nothing is sent, but the address's send window opens as for the others,
                    // so a `/resend` right after cannot tell a confirmed address apart (429 or not).
                    _ = try await EmailWindowRepository.claim(key: windowKey, window: window, now: now, in: database)
                }
                return .existing(existing)
            }
            guard try await UserRepository.insert(newUser, in: database) else {
                // Taken by a concurrent sign-up since the lookup above.
                guard let existing = try await UserRepository.find(email: email, in: database) else {
                    throw AuthError(.conflict, status: .conflict, "Concurrent sign-up, please retry")
                }
                return .existing(existing)
            }
            guard autoconfirm else {
                let pending = pendingSignup(newUser.id)
                try await PendingSignupRepository.insert(pending, in: database)
                _ = try await enqueueWithinWindow(confirmation(pending), kind: .signupConfirmation, email: email, now: now, in: database)
                return .created(newUser, nil)
            }
            let session = try await startSession(
                for: newUser, methods: [.password(at: now)], client: client, now: now, in: database
            )
            try await UserRepository.recordSignIn(userId: newUser.id, at: now, in: database)
            return .created(newUser, session)
        }
        switch outcome {
        case .created(var user, let session?):
            user.lastSignInAt = now
            user.identity?.lastSignInAt = now
            return .session(try await sessionPayload(user: user, session: session, now: now))
        case .created(let user, nil):
            outboxSignal.nudge()
            return .user(user.payload)
        case .existing(let user) where user.isConfirmed && autoconfirm:
            throw AuthError(.userAlreadyExists, status: .unprocessableContent, "User already registered")
        case .existing:
            // Confirmed or not, an existing account is never shown (issue 11, item 4): the answer
            // is `candidate`'s, with a fresh random id each time and only what this caller sent,
            // of exactly a new sign-up's shape (GoTrue's obfuscated user).
            return .user(candidate.payload)
        }
    }
}

private enum SignUpOutcome: Sendable {
    case created(UserRecord, SessionRecord?)
    case existing(UserRecord)
}
