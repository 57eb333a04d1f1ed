//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Foundation
import GatehouseCore

extension AccountService {
    /// Firebase's `signUp` (or `update`) with an anonymous account's `idToken`, an address and a
    /// password: the SDKs' `linkWithCredential` of an email-and-password credential. The account
    /// keeps its id and data and becomes what a Firebase sign-up makes (`signUpAndSignIn`): the
    /// address unverified unless `GATEHOUSE_AUTOCONFIRM`, the password in force, no email sent.
    /// Nobody else could sign in to an anonymous account, so nothing it holds is cleared; its
    /// sessions end, as a new password ends them, and the answer's session replaces them. An
    /// address another account has is `email_exists`; an account that is no longer anonymous is
    /// not converted twice.
    func convertAnonymous(
        _ caller: Authenticated, email: EmailAddress, password rawPassword: String?, userMetadata: [String: JSONValue]?,
        client: ClientInfo
    ) async throws(AuthError) -> SignedInUser {
        let password = try await passwordScreen.check(rawPassword)
        let hash = try await hashing { try await hasher.hash(password) }
        let now = clock.now()
        let confirmedAt = configuration.autoconfirm ? now : nil
        let (issuer, random) = (issuer, random)
        let userId = caller.user.id
        return try await store.run(.transaction) { database -> SignedInUser in
            guard var user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .forbidden)
            }
            guard user.isAnonymous else { throw AuthError.notAnonymous }
            if try await database.users.find(email: email) != nil { throw AuthError.emailTaken }
            user.email = email.normalized
            user.passwordHash = hash
            user.emailConfirmedAt = confirmedAt
            if confirmedAt != nil { user.userMetadata["email_verified"] = .bool(true) }
            user.userMetadata.merge(userMetadata ?? [:]) { _, new in new }
            var identity = user.attachEmailIdentity(now: now, random: random)
            identity.identityData["email_verified"] = .bool(confirmedAt != nil)
            user.identity = identity
            user.lastSignInAt = now
            user.updatedAt = now
            try await database.users.update(user)
            try await database.users.insertIdentity(identity)
            try await database.sessions.deleteAll(userId: user.id)
            try await database.audit(AuditEvent(.emailChanged, user, traits: ["new_email": user.email, "from": "anonymous"]), at: now)
            try await database.audit(AuditEvent(.passwordChanged, user), at: now)
            let session = try await issuer.start(for: user, methods: [.password(at: now)], client: client, now: now, in: database)
            return SignedInUser(user: user, session: session)
        }
    }
}

extension AuthError {
    /// A conversion asked of an account that already has an address (or was converted meanwhile).
    static let notAnonymous = AuthError(.validationFailed, kind: .refused, "The account already has an email address")
}
