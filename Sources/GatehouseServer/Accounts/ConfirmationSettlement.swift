import Foundation
import GatehouseCore
import SQLKit

extension AuthService {
    /// Confirms `user`'s address because `token`, emailed to it, was just redeemed; called inside
    /// the redeeming transaction, before any new session is started.
    ///
    /// Until now anyone could have signed up with this address, so confirming must leave in
    /// force only what the person holding the link chose: for a sign-up link, the password and
    /// metadata of the sign-up it was minted for; for a recovery link (a reset of an account
    /// never confirmed), no password at all until the owner sets one, and no metadata. Every
    /// other sign-up of the address, its links and any session are dropped.
    func settleConfirmation(_ user: inout UserRecord, by token: OneTimeTokenRecord, now: Timestamp, in database: any SQLDatabase) async throws {
        guard !user.isConfirmed else {
            try await PendingSignupRepository.deleteAll(userId: user.id, in: database)
            return
        }
        switch token.purpose {
        case .signup:
            var chosen = try await PendingSignupRepository.find(tokenId: token.id, in: database)
            if chosen == nil { chosen = try await PendingSignupRepository.newest(userId: user.id, in: database) }
            if let chosen { user.replaceSignUpChoices(passwordHash: chosen.passwordHash, userMetadata: chosen.userMetadata) }
        case .recovery:
            user.replaceSignUpChoices(passwordHash: nil, userMetadata: [:])
        }
        user.confirmEmail(at: now)
        try await PendingSignupRepository.deleteAll(userId: user.id, in: database)
        try await SessionRepository.deleteAll(userId: user.id, in: database)
        try await OneTimeTokenRepository.deletePending(userId: user.id, purpose: .signup, in: database)
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
