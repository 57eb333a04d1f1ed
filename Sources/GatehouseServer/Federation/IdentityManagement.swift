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

extension FederationService {
    /// The account's provider identities (its email identity is on the user itself).
    func identities(of userId: UUID) async throws(AuthError) -> [IdentityRecord] {
        try await store.run { database in try await database.identities.linked(userId: userId) }
    }

    /// Adds a verified provider identity to the signed-in account `userId` (GoTrue's identity
    /// linking, Firebase's `signInWithIdp` with an `idToken`). An anonymous account becomes an
    /// account of the identity's address, which the provider must vouch for and nobody may hold.
    func link(_ verified: VerifiedIdentity, to userId: UUID, client: ClientInfo) async throws(AuthError) -> UserRecord {
        let provider = try provider(named: verified.provider)
        let now = clock.now()
        let data = verified.profileData(issuer: provider.issuer, supplied: nil)
        let random = random
        return try await store.run(.transaction) { database in
            guard var user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .notFound)
            }
            if let held = try await database.identities.find(provider: provider.name, subject: verified.subject) {
                guard held.userId == user.id else {
                    throw AuthError(.identityAlreadyExists, kind: .refused)
                }
                return user
            }
            try AccountLifecycle.requireMayAdd(.providerIdentity, to: user, at: now)
            if user.isAnonymous { try await Self.adopt(verified, provider: provider, into: &user, now: now, in: database) }
            try await Self.attach(verified, data: data, to: &user, now: now, random: random, in: database)
            return user
        }
    }

    /// Adds a new identity of `verified` to `user`, in the row and in `app_metadata.providers`,
    /// and audits it.
    @discardableResult
    static func attach(
        _ verified: VerifiedIdentity, data: [String: JSONValue], to user: inout UserRecord, now: Timestamp, random: RandomSource,
        in database: UnitOfWork
    ) async throws -> IdentityRecord {
        let identity = IdentityRecord.provider(verified, data: data, userId: user.id, now: now, random: random)
        guard try await database.identities.insert(identity) else { throw concurrentSignIn }
        user.addProvider(verified.provider)
        user.linkedIdentities.append(identity)
        user.updatedAt = now
        try await database.users.update(user)
        try await database.audit(AuditEvent(.identityLinked, user, traits: ["provider": verified.provider]), at: now)
        return identity
    }

    /// Gives an anonymous account the identity's address, confirmed by the provider.
    private static func adopt(
        _ verified: VerifiedIdentity, provider: IdentityProvider, into user: inout UserRecord, now: Timestamp, in database: UnitOfWork
    ) async throws {
        guard verified.emailVerified, let raw = verified.email, let email = try? EmailAddress(validating: raw) else {
            throw unverifiedAddress(provider)
        }
        if try await database.users.find(email: email) != nil {
            throw AuthError(.emailExists, kind: .refused)
        }
        user.email = email.normalized
        user.emailConfirmedAt = now
    }

    /// Removes one provider identity from the account, never its last way in: another provider
    /// identity, or the email identity or a password, must remain.
    func unlink(identityId: UUID, from userId: UUID) async throws(AuthError) -> UserRecord {
        let now = clock.now()
        return try await store.run(.transaction) { database in
            guard var user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .notFound)
            }
            guard let identity = user.linkedIdentities.first(where: { $0.id == identityId }) else {
                throw AuthError(.identityNotFound, kind: .refused)
            }
            let remaining = user.linkedIdentities.filter { $0.id != identityId }
            guard !remaining.isEmpty || user.identity != nil || user.passwordHash != nil else {
                throw AuthError(
                    .singleIdentityNotDeletable, kind: .refused)
            }
            guard try await database.identities.delete(id: identityId, userId: user.id) else {
                throw AuthError(.identityNotFound, kind: .refused)
            }
            user.linkedIdentities = remaining
            if !remaining.contains(where: { $0.provider == identity.provider }) { user.removeProvider(identity.provider) }
            user.updatedAt = now
            try await database.users.update(user)
            try await database.audit(AuditEvent(.identityUnlinked, user, traits: ["provider": identity.provider]), at: now)
            return user
        }
    }
}

extension FederationService {
    /// GoTrue's `id_token` grant with `link_identity`: the identity joins the caller's account,
    /// which gets a new session signed in with it.
    func linkAndSignIn(
        idToken: String?, provider name: String?, nonce: String?, to userId: UUID, client: ClientInfo
    ) async throws(AuthError) -> IssuedSession {
        let verified = try await verify(idToken: idToken, provider: name, nonce: nonce)
        var user = try await link(verified, to: userId, client: client)
        let now = clock.now()
        let method = AuthenticationMethod.provider(verified.provider, at: now)
        let signedIn = user
        let session = try await store.run(.transaction) { database in
            try await database.users.recordSignIn(userId: signedIn.id, at: now)
            return try await issuer.start(for: signedIn, methods: [method], client: client, now: now, in: database)
        }
        user.lastSignInAt = now
        return try await issuer.issue(user: user, session: session, now: now)
    }
}
