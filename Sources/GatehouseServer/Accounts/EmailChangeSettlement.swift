import Foundation
import GatehouseCore

/// What confirming an email change does to the account, inside the confirming transaction.
enum EmailChangeSettlement {
    /// Where one confirmation leaves a pending change.
    enum Result: Sendable {
        /// Secure email change: this was the first of the two addresses; the other must confirm too.
        case awaitingOtherAddress
        /// The address changed (the account as it is now).
        case changed(UserRecord)
    }

    /// Counts the confirmation `token` (just consumed) gave, and completes the change when none
    /// is missing. Nil when the account has no pending change any more (a newer request or a
    /// password change replaced it), which the caller answers like an unusable link.
    static func confirm(
        _ token: OneTimeTokenRecord, now: Timestamp, random: RandomSource, engine: SQLEngine, in database: UnitOfWork
    ) async throws -> Result? {
        guard var user = try await database.users.find(id: token.userId, lockingOn: engine), !user.isBanned(at: now),
            let newEmail = user.emailChange
        else { return nil }
        let left = user.emailChangeConfirmationsLeft ?? 1
        if left > 1 {
            user.emailChangeConfirmationsLeft = left - 1
            user.updatedAt = now
            try await database.users.update(user)
            return .awaitingOtherAddress
        }
        if let owner = try await database.users.find(email: EmailAddress(validating: newEmail)), owner.id != user.id {
            throw AuthError.emailTaken
        }
        try await complete(&user, to: newEmail, now: now, random: random, in: database)
        return .changed(user)
    }

    /// Makes `newEmail` the account's confirmed address: the email identity follows (created for
    /// a converted anonymous account, which stops being anonymous), the pending change and every
    /// unused link of the account are dropped. `email_change_sent_at` stays, as GoTrue keeps it.
    static func complete(_ user: inout UserRecord, to newEmail: String, now: Timestamp, random: RandomSource, in database: UnitOfWork)
        async throws
    {
        try await database.audit(AuditEvent(.emailChanged, user, traits: ["new_email": newEmail]), at: now)
        user.email = newEmail
        user.emailChange = nil
        user.emailChangeConfirmationsLeft = nil
        user.confirmEmail(at: now)
        user.updatedAt = now
        if var identity = user.identity {
            identity.identityData["email"] = .string(newEmail)
            identity.identityData["email_verified"] = .bool(true)
            identity.updatedAt = now
            user.identity = identity
            user.appMetadata["provider"] = user.appMetadata["provider"] ?? .string("email")
        } else {
            let identity = user.attachEmailIdentity(now: now, random: random)
            try await database.users.insertIdentity(identity)
        }
        try await database.users.update(user)
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
        try await database.pendingSignups.deleteAll(userId: user.id)
    }
}
