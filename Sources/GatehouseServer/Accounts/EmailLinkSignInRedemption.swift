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

/// How using an email sign-in link ended.
enum EmailLinkSignInOutcome: Sendable {
    /// Signed in: the account (the one the link's request made, if `isNewUser`) and its new session.
    case signedIn(UserRecord, SessionRecord, isNewUser: Bool)
    /// The link was used, but the account has a verified factor: a code finishes the sign-in.
    case secondFactorRequired(UserRecord)
    case refused(EmailLinkRefusal)
}

/// Why an email sign-in link signed nobody in. Nothing was spent or changed.
enum EmailLinkRefusal: Sendable, Equatable {
    /// Unknown, spent, not a sign-in link, or one bound to a PKCE flow.
    case invalidCode
    case expiredCode
    /// The address given is not the one the link was sent to.
    case emailMismatch
    case disabled
    /// Linking: another account, which someone can already use, has the address.
    case addressTaken
    /// Linking: the signed-in account already has an address of its own.
    case callerHasAddress
}

extension RecoveryService {
    /// Firebase's `signInWithEmailLink {email, oobCode}`: the link proves the address, so it
    /// signs in (the magic link's rules: `ConfirmationSettlement` confirms an unconfirmed account
    /// and removes what an unproven party set, its password included). One use, expiring as every
    /// emailed link does; the address must be the one the link went to, as Firebase requires.
    ///
    /// With `caller` (the app's `idToken`: linking the address to a signed-in anonymous account),
    /// the address joins the caller's account instead, which stops being anonymous and keeps its
    /// id; the account the link's request made for the address goes, if nobody ever had a way
    /// into it (`AccountLifecycle.yieldsAddress`). The caller's own address, if it has one, is
    /// never replaced this way.
    func signInWithEmailLink(
        code: String, email: EmailAddress, linkingTo caller: UserRecord?, client: ClientInfo
    ) async throws(AuthError) -> EmailLinkSignInOutcome {
        let linkHash = tokenHasher.linkHash(code)
        let now = clock.now()
        let (issuer, random) = (issuer, random)
        let outcome = try await store.run(.transaction) { database -> EmailLinkSignInOutcome in
            guard let token = try await database.oneTimeTokens.find(linkHash: linkHash), token.consumedAt == nil,
                token.purpose == FirebaseOobRequestType.emailSignIn.purpose, token.codeChallenge == nil,
                let owner = try await database.users.find(id: token.userId, lockedForUpdate: true)
            else { return .refused(.invalidCode) }
            guard token.expiresAt > now else { return .refused(.expiredCode) }
            guard owner.email == email.normalized else { return .refused(.emailMismatch) }
            guard !owner.isBanned(at: now) else { return .refused(.disabled) }
            var user = owner
            let linking = caller.map { $0.id != owner.id } ?? false
            if linking, let caller {
                guard let holder = try await database.users.find(id: caller.id, lockedForUpdate: true), holder.isAnonymous else {
                    return .refused(.callerHasAddress)
                }
                guard AccountLifecycle.yieldsAddress(owner, at: now) else { return .refused(.addressTaken) }
                user = holder
            }
            guard let consumed = try await database.oneTimeTokens.consume(linkHash: linkHash, purposes: [token.purpose], now: now) else {
                return .refused(.invalidCode)
            }
            // New to the person: the account the link's request made, nobody's way in before.
            let isNewUser = !linking && AccountLifecycle.yieldsAddress(owner, at: now)
            if linking {
                try await database.users.delete(id: owner.id)
                try await EmailChangeSettlement.complete(&user, to: email.normalized, now: now, random: random, in: database)
            } else {
                try await ConfirmationSettlement.settle(&user, by: consumed, now: now, in: database)
                user.updatedAt = now
                try await database.users.update(user)
            }
            try await database.audit(AuditEvent.redeemed(consumed, by: user), at: now)
            if user.hasVerifiedFactor {
                try await database.audit(AuditEvent(.login, user, traits: ["method": "email_link", "factor": "required"]), at: now)
                return .secondFactorRequired(user)
            }
            try await database.users.recordSignIn(userId: user.id, at: now)
            user.lastSignInAt = now
            user.identity?.lastSignInAt = now
            try await database.audit(AuditEvent(.login, user, traits: ["method": "email_link"]), at: now)
            let method = AuthenticationMethod(method: "otp", timestamp: now.secondsSinceEpoch)
            let session = try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
            return .signedIn(user, session, isNewUser: isNewUser)
        }
        switch outcome {
        case .refused(let refusal):
            await auditRejected(kind: "link", type: "email_signin", email: refusal == .invalidCode ? nil : email.normalized)
        case .signedIn, .secondFactorRequired:
            metrics.recordRedemption("link")
        }
        return outcome
    }
}

extension AccountLifecycle {
    /// Whether an account may give its address up to another account whose holder just proved
    /// the address with an email link (an anonymous account linking it). Only an account nobody
    /// ever had a way into and nobody shaped: made by a sign-in link's request (or a GoTrue
    /// sign-up still waiting for its link), never signed in to, unconfirmed, without a password of
    /// its own, not invited, with no provider identity and no metadata an admin set. Anything
    /// else belongs to someone, and the link answers that the address is taken.
    static func yieldsAddress(_ user: UserRecord, at now: Timestamp) -> Bool {
        AccountState(of: user, at: now) == .unconfirmed && user.passwordHash == nil && user.lastSignInAt == nil
            && user.invitedAt == nil && user.linkedIdentities.isEmpty
            && Set(user.appMetadata.keys).isSubset(of: ["provider", "providers"])
    }
}
