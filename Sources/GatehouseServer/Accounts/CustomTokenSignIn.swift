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

/// A sign-in with a custom token: the account (made now if the uid was new) and its session.
struct CustomTokenSignIn: Sendable {
    var user: UserRecord
    var session: SessionRecord
    var isNewUser: Bool
}

extension AccountService {
    /// Firebase's `signInWithCustomToken`, once the adapter has verified the token: the app's
    /// backend, which holds a trusted service account's key, vouches for the account `userId`
    /// (the uid's id; `firebaseUid` when the uid is not that id's text). An unknown uid becomes
    /// a new account with no address, as Firebase makes it: like an anonymous account it has
    /// nothing to recover with until an address is added. A banned account is refused, and a
    /// deleted one is not made again. The session's `amr` is `custom`; `developerClaims` are
    /// kept with it for its ID tokens. No password is involved, so no second factor is asked for
    /// (Firebase's custom tokens skip multi-factor sign-in too).
    func signIn(
        customTokenFor userId: UUID, firebaseUid: String?, developerClaims: [String: JSONValue], client: ClientInfo
    ) async throws(AuthError) -> CustomTokenSignIn {
        do {
            return try await customTokenSignIn(userId, firebaseUid, developerClaims, client)
        } catch  where error.kind == .internalFailure {
            // Two first sign-ins of one new uid at once (PostgreSQL): the loser's insert failed on
            // the id; the account now exists, and a second try signs in to it.
            return try await customTokenSignIn(userId, firebaseUid, developerClaims, client)
        }
    }

    private func customTokenSignIn(
        _ userId: UUID, _ firebaseUid: String?, _ developerClaims: [String: JSONValue], _ client: ClientInfo
    ) async throws(AuthError) -> CustomTokenSignIn {
        let now = clock.now()
        let issuer = issuer
        return try await store.run(.transaction) { database -> CustomTokenSignIn in
            var isNewUser = false
            var user: UserRecord
            if let found = try await database.users.find(id: userId, lockedForUpdate: true) {
                user = found
            } else {
                user = UserRecord.customTokenAccount(id: userId, firebaseUid: firebaseUid, now: now)
                guard try await database.users.insert(user) else {
                    throw AuthError(.unexpectedFailure, kind: .internalFailure, "Database error creating the user")
                }
                try await database.audit(AuditEvent(.userSignedUp, user: user.id, traits: ["provider": "custom"]), at: now)
                isNewUser = true
            }
            if user.deletedAt != nil { throw AuthError(.userNotFound, kind: .refused) }
            if user.isBanned(at: now) { throw AuthError(.userBanned, kind: .refused) }
            try await database.users.recordSignIn(userId: user.id, at: now)
            let session = try await issuer.start(for: user, methods: [.customToken(at: now)], client: client, now: now, in: database)
            if !developerClaims.isEmpty { try await database.sessions.setCustomClaims(developerClaims, sessionId: session.id) }
            let address = user.isAnonymous ? nil : user.email
            try await database.audit(AuditEvent(.login, user: user.id, email: address, traits: ["method": "custom_token"]), at: now)
            user.lastSignInAt = now
            user.identity?.lastSignInAt = now
            return CustomTokenSignIn(user: user, session: session, isNewUser: isNewUser)
        }
    }
}

extension UserRecord {
    /// The account a custom token's unknown uid becomes: no address (the anonymous placeholder,
    /// so nothing can look it up or mail it), no password, no identity.
    static func customTokenAccount(id: UUID, firebaseUid: String?, now: Timestamp) -> UserRecord {
        var user = UserRecord(
            id: id, email: anonymousEmailPrefix + id.lowercasedString, passwordHash: nil, aud: "authenticated", role: "authenticated",
            emailConfirmedAt: nil, confirmationSentAt: nil, recoverySentAt: nil, lastSignInAt: nil, appMetadata: [:],
            userMetadata: [:], bannedUntil: nil, createdAt: now, updatedAt: now, identity: nil)
        user.firebaseUid = firebaseUid
        return user
    }
}
