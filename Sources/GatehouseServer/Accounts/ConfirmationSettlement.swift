import Foundation
import GatehouseCore

/// What redeeming an emailed token does to a still-unconfirmed account.
enum ConfirmationSettlement {
    /// Confirms `user`'s address because `token`, emailed to it, was just redeemed; called inside
    /// the redeeming transaction, before any new session is started.
    ///
    /// Until now anyone could have signed up with this address, so confirming must leave in
    /// force only what the person holding the link chose: for a sign-up link, the password and
    /// metadata of the sign-up it was minted for; for a recovery link (a reset of an account
    /// never confirmed), no password at all until the owner sets one, and no metadata. Every
    /// other sign-up of the address, its links and any session are dropped.
    static func settle(_ user: inout UserRecord, by token: OneTimeTokenRecord, now: Timestamp, in database: UnitOfWork) async throws {
        guard !user.isConfirmed else {
            try await database.pendingSignups.deleteAll(userId: user.id)
            return
        }
        switch token.purpose {
        case .signup:
            var chosen = try await database.pendingSignups.find(tokenId: token.id)
            if chosen == nil { chosen = try await database.pendingSignups.newest(userId: user.id) }
            if let chosen { user.replaceSignUpChoices(passwordHash: chosen.passwordHash, userMetadata: chosen.userMetadata) }
        case .recovery:
            user.replaceSignUpChoices(passwordHash: nil, userMetadata: [:])
        case .magiclink, .invite:
            try await settleLinkSignIn(&user, by: token, in: database)
        case .emailChangeCurrent, .emailChangeNew:
            // Settled by `EmailChangeSettlement`: it confirms the new address, not the old one.
            return
        }
        user.confirmEmail(at: now)
        try await database.pendingSignups.deleteAll(userId: user.id)
        try await database.sessions.deleteAll(userId: user.id)
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: .signup)
    }
}

extension UserRecord {
    /// What a sign-up sets: the password and the metadata (also mirrored in the identity's data).
    mutating func replaceSignUpChoices(passwordHash: String?, userMetadata: [String: JSONValue]) {
        self.passwordHash = passwordHash
        self.userMetadata = userMetadata
        guard var identity else { return }
        var data = userMetadata
        for key in ["sub", "email", "email_verified", "phone_verified"] { data[key] = identity.identityData[key] }
        identity.identityData = data
        self.identity = identity
    }
}
