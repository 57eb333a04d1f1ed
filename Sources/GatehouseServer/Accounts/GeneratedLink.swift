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

/// What `POST /admin/generate_link` asks for (its wire form: GoTrue/GenerateLinkRequest+Wire.swift).
/// `newEmail` belongs to the email-change types.
struct GenerateLinkRequest: Sendable {
    var type: String?
    var email: String?
    var password: String?
    var data: [String: JSONValue]?
    var newEmail: String?
    var redirectTo: String?
}

extension GenerateLinkRequest {
    /// GoTrue's redirect for a generated link: the body's `redirect_to`, else the query's, each
    /// only if allowed; nil when neither is.
    func allowedRedirect(query: String?, policy: RedirectPolicy) -> String? {
        [redirectTo, query].compactMap { $0 }.first { policy.isAllowed($0) }
    }
}

/// The link types `generateLink` makes; GoTrue's two email-change types go to
/// `generateEmailChangeLink` (GeneratedLink+EmailChange.swift).
enum GeneratedLinkType: String, Sendable {
    case signup, invite, magiclink, recovery
}

/// What `generate_link` returns (every type, the email-change sides included): the user and
/// everything an email would have carried.
struct GeneratedLink: Sendable {
    let user: UserRecord
    let actionLink: String
    let emailOTP: String
    /// The link's token: what `/verify` takes as `token` (GET) or `token_hash` (POST). The
    /// database keeps only a keyed hash of it, so unlike GoTrue this is not the stored hash.
    let hashedToken: String
    let verificationType: String
    let redirectTo: String
}

extension AccountService {
    /// `POST /admin/generate_link`: mints the token an email of `type` would carry, for an admin
    /// to deliver themselves, and sends nothing. Not windowed, never PKCE (as GoTrue).
    func generateLink(_ request: GenerateLinkRequest, queryRedirect: String?) async throws(AuthError) -> GeneratedLink {
        guard let type = request.type.flatMap(GeneratedLinkType.init(rawValue:)) else {
            throw .validation("Invalid email action link type requested: \(request.type ?? "")")
        }
        let email = try AuthError.checkEmail(request.email)
        let data = request.data ?? [:]
        try checkMetadataSize(data, field: "data")
        var passwordHash: String?
        if type == .signup {
            guard let password = request.password, !password.isEmpty else { throw .validation("Signup requires a valid password") }
            let checked = try await passwordScreen.check(password)
            passwordHash = try await hashing { try await hasher.hash(checked) }
        }
        let redirect =
            request.allowedRedirect(query: queryRedirect, policy: redirectPolicy) ?? redirectPolicy.resolve(nil).url
        let now = clock.now()
        let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now, random: random)
        var candidate = UserRecord.new(email: email, passwordHash: "", userMetadata: data, confirmedAt: nil, now: now, random: random)
        candidate.passwordHash = passwordHash
        let (newUser, random, tokens) = (candidate, random, tokenHasher)
        let (user, purpose) = try await store.run(.transaction) { database -> (UserRecord, TokenPurpose) in
            var target = try await Self.linkTarget(type, email: email, data: data, newUser: newUser, now: now, random: random, in: database)
            let record = OneTimeTokenRecord(
                id: issued.id, userId: target.user.id, purpose: target.purpose, codeHash: tokens.codeHash(issued.code, tokenId: issued.id),
                attempts: 0, codeChallenge: nil, codeChallengeMethod: nil, redirectTo: redirect, expiresAt: issued.expiresAt,
                consumedAt: nil)
            try await database.oneTimeTokens.deletePendingPlain(userId: target.user.id, purpose: target.purpose)
            try await database.oneTimeTokens.insert(record, linkHash: tokens.linkHash(issued.linkToken), now: now)
            if let pending = target.pendingSignup {
                try await database.pendingSignups.insert(pending)
                try await database.pendingSignups.bind(id: pending.id, userId: target.user.id, tokenId: record.id)
            }
            try await database.users.recordEmailSent(userId: target.user.id, purpose: target.purpose, at: now)
            if target.purpose == .signup || target.purpose == .invite {
                target.user.confirmationSentAt = now
            } else {
                target.user.recoverySentAt = now
            }
            try await database.audit(AuditEvent(.linkGenerated, target.user, traits: ["purpose": target.purpose.rawValue]), at: now)
            return (target.user, target.purpose)
        }
        let encode = { (value: String) in value.percentEncodedQueryValue }
        let link =
            "\(configuration.externalURL)/auth/v1/verify?token=\(encode(issued.linkToken))&type=\(purpose.rawValue)&redirect_to=\(encode(redirect))"
        return GeneratedLink(
            user: user, actionLink: link, emailOTP: issued.code, hashedToken: issued.linkToken, verificationType: purpose.rawValue,
            redirectTo: redirect)
    }

    /// The account a link of `type` is for, the purpose of its token, and the sign-up (password
    /// and metadata) a confirmation link applies. Runs inside the minting transaction.
    private static func linkTarget(
        _ type: GeneratedLinkType, email: EmailAddress, data: [String: JSONValue], newUser: UserRecord, now: Timestamp,
        random: RandomSource, in database: UnitOfWork
    ) async throws -> (user: UserRecord, purpose: TokenPurpose, pendingSignup: PendingSignupRecord?) {
        let existing = try await database.users.find(email: email)
        switch type {
        case .recovery:
            guard let existing else { throw AuthError(.userNotFound, kind: .notFound, "User with this email not found") }
            return (existing, .recovery, nil)
        case .magiclink where existing != nil:
            return (existing!, .magiclink, nil)
        case .signup, .magiclink:
            // A magic link for an unknown address is a sign-up without a password (GoTrue).
            var user: UserRecord
            if let existing {
                guard !existing.isConfirmed else { throw Self.emailExists }
                user = existing
                user.userMetadata = user.userMetadata.merging(data) { $1 }
                user.updatedAt = now
                try await database.users.update(user)
            } else {
                guard try await database.users.insert(newUser) else { throw Self.emailExists }
                user = newUser
            }
            let pending = PendingSignupRecord(
                id: random.uuid(), userId: user.id, passwordHash: user.passwordHash, userMetadata: user.userMetadata, createdAt: now)
            return (user, .signup, pending)
        case .invite:
            var invitee = newUser
            invitee.passwordHash = nil
            guard var user = try await unconfirmedOrNew(email: email, invitee, in: database) else { throw Self.emailExists }
            try await database.users.recordInvited(userId: user.id, at: now)
            user.invitedAt = now
            user.updatedAt = now
            return (user, .invite, nil)
        }
    }
}
