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

/// A user just made and signed in, with the session the sign-in started.
struct SignedInUser: Sendable {
    var user: UserRecord
    var session: SessionRecord
}

extension AccountService {
    /// Firebase's sign-up (`accounts:signUp`): the account is made and signed in at once, and no
    /// email is sent, whether or not addresses need confirming (the address stays unverified until
    /// a verification link is used, unless `GATEHOUSE_AUTOCONFIRM` confirms it). An address
    /// already registered, confirmed or not, is `email_exists`: Firebase tells sign-ups so even
    /// with enumeration protection on.
    func signUpAndSignIn(
        email rawEmail: String?, password rawPassword: String?, userMetadata: [String: JSONValue], client: ClientInfo
    ) async throws(AuthError) -> SignedInUser {
        if configuration.signupDisabled {
            throw AuthError(.signupDisabled, kind: .refused)
        }
        let email = try AuthError.checkEmail(rawEmail, missingMessage: "Signup requires a valid email address")
        let password = try await passwordScreen.check(rawPassword)
        try checkMetadataSize(userMetadata, field: "data")
        let hash = try await hashing { try await hasher.hash(password) }
        let now = clock.now()
        var user = UserRecord.new(
            email: email, passwordHash: hash, userMetadata: userMetadata, confirmedAt: configuration.autoconfirm ? now : nil,
            now: now, random: random
        )
        let candidate = user
        let issuer = issuer
        let session = try await store.run(.transaction) { database -> SessionRecord? in
            guard try await database.users.insert(candidate) else { return nil }
            try await database.audit(AuditEvent(.userSignedUp, candidate, traits: ["provider": "email"]), at: now)
            try await database.users.recordSignIn(userId: candidate.id, at: now)
            return try await issuer.start(for: candidate, methods: [.password(at: now)], client: client, now: now, in: database)
        }
        guard let session else {
            throw AuthError(.emailExists, kind: .refused)
        }
        user.lastSignInAt = now
        user.identity?.lastSignInAt = now
        return SignedInUser(user: user, session: session)
    }

    /// Deletes the signed-in caller's own account (Firebase's `accounts:delete` with an ID token).
    func deleteOwnAccount(_ caller: Authenticated) async throws(AuthError) {
        let user = caller.user
        let now = clock.now()
        try await store.run(.transaction) { database in
            try await database.users.delete(id: user.id)
            try await database.audit(AuditEvent(.userDeleted, user, traits: ["by": "self"]), at: now)
        }
    }
}
