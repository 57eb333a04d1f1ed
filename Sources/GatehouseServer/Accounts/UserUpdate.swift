import GatehouseCore

/// The body of `PUT /user`. Unknown fields are ignored, as GoTrue does.
struct UserUpdateRequest: Decodable, Sendable {
    var email: String?
    var password: String?
    var data: [String: JSONValue]?
    var appMetadata: [String: JSONValue]?
    var nonce: String?

    enum CodingKeys: String, CodingKey {
        case email, password, data, nonce
        case appMetadata = "app_metadata"
    }
}

extension AuthService {
    /// `PUT /user`: metadata and password changes by the signed-in user.
    ///
    /// A new password must meet the policy and differ from the old one; setting it ends every
    /// other session of the user (the caller's own stays), as GoTrue does.
    func updateUser(_ caller: Authenticated, with request: UserUpdateRequest) async throws(AuthError) -> UserPayload {
        if request.appMetadata != nil {
            throw AuthError(.notAdmin, status: .forbidden, "Updating app_metadata requires admin privileges")
        }
        var user = caller.user
        if let email = request.email, (try? EmailAddress(validating: email))?.normalized != user.email {
            // Changing the address needs a confirmation email to the new one; until the mail
            // machinery exists (recovery issue) the change is refused rather than done unverified.
            throw AuthError(.validationFailed, status: .unprocessableContent, "Changing the email address is not supported yet")
        }
        let now = Clock.now()
        var newPasswordHash: String?
        if let password = request.password {
            let checked = try AuthError.checkPassword(password, policy: passwordPolicy)
            if try await hashing({ try await hasher.verify(checked, against: user.passwordHash) }) {
                throw AuthError(.samePassword, status: .unprocessableContent, "New password should be different from the old password.")
            }
            newPasswordHash = try await hashing { try await hasher.hash(checked) }
            user.passwordHash = newPasswordHash
        }
        if let data = request.data {
            user.userMetadata = user.userMetadata.merging(patch: data)
        }
        guard newPasswordHash != nil || request.data != nil else { return user.payload }
        user.updatedAt = now
        let updated = user
        let keptSession = caller.session.id
        let passwordChanged = newPasswordHash != nil
        try await database(write: true) { database in
            try await UserRepository.update(updated, in: database)
            if passwordChanged {
                try await SessionRepository.deleteAll(userId: updated.id, except: keptSession, in: database)
                try await OneTimeTokenRepository.deletePending(userId: updated.id, purpose: nil, in: database)
                try await OutboxRepository.enqueue(.passwordChanged(userId: updated.id), now: now, in: database)
            }
        }
        if passwordChanged { outboxSignal.nudge() }
        return updated.payload
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// GoTrue's metadata update: keys in `patch` replace existing ones, `null` removes a key.
    func merging(patch: [String: JSONValue]) -> [String: JSONValue] {
        var result = self
        for (key, value) in patch {
            if value == .null { result.removeValue(forKey: key) } else { result[key] = value }
        }
        return result
    }
}
