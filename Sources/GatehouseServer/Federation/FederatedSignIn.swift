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
    /// Signs in with a verified provider identity: the account that holds it; else the account
    /// that has its address, when `AccountLifecycle.mayLinkByAddress` allows; else a new account
    /// when the provider vouches for the address. Everything else is refused and audited.
    func signIn(
        _ verified: VerifiedIdentity, profile: SuppliedProfile?, over authProtocol: AuthProtocol, client: ClientInfo
    ) async throws(AuthError) -> FederatedSession {
        let provider = try provider(named: verified.provider)
        let now = clock.now()
        do {
            let step = try await store.run(.transaction) { database in
                try await self.signIn(
                    verified, provider: provider, profile: profile, over: authProtocol, client: client, now: now, in: database)
            }
            var user = step.user
            user.lastSignInAt = now
            let issued = try await issuer.issue(user: user, session: step.session, now: now)
            return FederatedSession(issued: issued, isNewUser: step.isNewUser, identity: step.identity)
        } catch {
            let event = AuditEvent(.loginFailed, traits: ["provider": provider.name, "reason": error.code.rawValue])
            await store.audit(event, at: now)
            throw error
        }
    }

    private struct Step: Sendable {
        var user: UserRecord
        var identity: IdentityRecord
        var session: SessionRecord
        var isNewUser: Bool
    }

    private func signIn(
        _ verified: VerifiedIdentity, provider: IdentityProvider, profile: SuppliedProfile?, over authProtocol: AuthProtocol,
        client: ClientInfo, now: Timestamp, in database: UnitOfWork
    ) async throws -> Step {
        let data = verified.profileData(issuer: provider.issuer, supplied: profile)
        let method = AuthenticationMethod.provider(provider.name, at: now)
        if var identity = try await database.identities.find(provider: provider.name, subject: verified.subject) {
            guard var user = try await database.users.find(id: identity.userId, lockedForUpdate: true) else {
                throw AuthError(.unexpectedFailure, kind: .internalFailure, "Database error finding the identity's user")
            }
            try AccountLifecycle.requireSession(of: user, over: authProtocol, at: now, kind: .invalidRequest)
            // A name handed over once (Apple's, on the first sign-in) stays when later tokens lack it.
            identity.identityData = identity.identityData.merging(data) { _, new in new }
            identity.lastSignInAt = now
            identity.updatedAt = now
            try await database.identities.update(identity)
            try await database.users.recordSignIn(userId: user.id, at: now)
            user.linkedIdentities = user.linkedIdentities.map { $0.id == identity.id ? identity : $0 }
            try await database.audit(AuditEvent(.login, user, traits: ["provider": provider.name, "method": "oauth"]), at: now)
            let session = try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
            return Step(user: user, identity: identity, session: session, isNewUser: false)
        }
        let email = try address(of: verified, provider: provider)
        // Before any lookup: whoever controls an identity the provider vouches nothing for learns
        // nothing about which addresses have accounts.
        guard verified.emailVerified else { throw Self.unverifiedAddress(provider) }
        if var user = try await database.users.find(email: email, lockedForUpdate: true) {
            let state = AccountState(of: user, at: now)
            if state == .banned { throw AuthError(.userBanned, kind: .invalidRequest) }
            guard AccountLifecycle.mayLinkByAddress(providerVerified: true, to: state, policy: providers.linking) else {
                throw Self.addressTaken(provider: provider, state: state)
            }
            let identity = try await Self.attach(verified, data: data, to: &user, now: now, random: random, in: database)
            try await database.users.recordSignIn(userId: user.id, at: now)
            try await database.audit(AuditEvent(.login, user, traits: ["provider": provider.name, "method": "oauth"]), at: now)
            let session = try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
            return Step(user: user, identity: identity, session: session, isNewUser: false)
        }
        guard !signupDisabled else { throw AuthError(.signupDisabled, kind: .refused) }
        let user = UserRecord.fromProvider(verified, email: email, data: data, now: now, random: random)
        guard try await database.users.insert(user), let identity = user.linkedIdentities.first,
            try await database.identities.insert(identity)
        else { throw Self.concurrentSignIn }
        try await database.audit(AuditEvent(.userSignedUp, user, traits: ["provider": provider.name]), at: now)
        let session = try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
        return Step(user: user, identity: identity, session: session, isNewUser: true)
    }

    /// The address an account is found or made by: the provider's, in the form Gatehouse keeps.
    private func address(of verified: VerifiedIdentity, provider: IdentityProvider) throws(AuthError) -> EmailAddress {
        guard let raw = verified.email, !raw.isEmpty else {
            throw AuthError(
                .validationFailed, kind: .refused,
                "\(provider.displayName) did not share an email address; ask for the email scope to sign in with it")
        }
        do {
            return try EmailAddress(validating: raw)
        } catch {
            throw AuthError(.validationFailed, kind: .refused, "\(provider.displayName) gave an email address that is not valid")
        }
    }

    static let concurrentSignIn = AuthError(.conflict, kind: .conflict, "Concurrent sign-in with this identity, please retry")

    static func unverifiedAddress(_ provider: IdentityProvider) -> AuthError {
        AuthError(
            .providerEmailNeedsVerification, kind: .refused,
            "\(provider.displayName) has not verified this email address. Verify it with \(provider.displayName), "
                + "or sign up with your email address and a password")
    }

    /// Why an identity may not join the account with its address, told only to someone the
    /// provider vouches owns the address.
    static func addressTaken(provider: IdentityProvider, state: AccountState) -> AuthError {
        let message =
            state == .unconfirmed
            ? "An account with this email address is waiting for its address to be confirmed. Confirm it, "
                + "or reset its password, then sign in with \(provider.displayName) again"
            : "An account with this email address already exists. Sign in to it, then link \(provider.displayName) "
                + "from your account"
        return AuthError(.emailExists, kind: .refused, message)
    }
}
