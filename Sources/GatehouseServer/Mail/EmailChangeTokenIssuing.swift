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

/// One side's link and code of an email change, as minted (in clear only in memory and in the
/// email, or in `generate_link`'s answer).
struct MintedEmailChangeToken: Sendable {
    let side: EmailChangeSide
    /// The address this side's email goes to (and whose code `POST /verify` hashes with).
    let address: String
    let linkToken: String
    let code: String
    let link: String
}

/// Minting one side's token of a pending change, inside the caller's unit of work: shared by the
/// outbox worker (which then sends it) and `generate_link` (which returns it and sends nothing).
struct EmailChangeTokenMint: Sendable {
    let tokenHasher: OneTimeTokenHasher
    let lifetime: Int
    let externalURL: String
    let random: RandomSource

    /// Replaces `side`'s unused token of `user`'s pending change with a new one, PKCE or not: a
    /// side has one live link at a time, whoever asked for it. The other side's token is left
    /// alone: each side is confirmed with its own.
    func mint(
        side: EmailChangeSide, for user: UserRecord, redirectTo: String?, pkce: PKCEChallenge? = nil, now: Timestamp,
        in database: UnitOfWork
    ) async throws -> MintedEmailChangeToken {
        let issued = tokenHasher.mint(lifetime: lifetime, now: now, random: random)
        let record = OneTimeTokenRecord(
            id: issued.id, userId: user.id, purpose: side.purpose, codeHash: tokenHasher.codeHash(issued.code, tokenId: issued.id),
            attempts: 0, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method, redirectTo: redirectTo,
            expiresAt: issued.expiresAt, consumedAt: nil
        )
        try await database.oneTimeTokens.deletePending(userId: user.id, purpose: side.purpose)
        try await database.oneTimeTokens.insert(record, linkHash: tokenHasher.linkHash(issued.linkToken), now: now)
        let address = side == .current ? user.email : (user.emailChange ?? "")
        // A PKCE link is marked as GoTrue marks it; its page's button then leads to `?code=`.
        let linkToken = pkce == nil ? issued.linkToken : OneTimeTokenHasher.pkcePrefix + issued.linkToken
        return MintedEmailChangeToken(
            side: side, address: address, linkToken: linkToken, code: issued.code,
            link: Self.link(base: externalURL, token: linkToken, redirectTo: redirectTo)
        )
    }

    /// GoTrue's link for both sides: `/verify?token=…&type=email_change&redirect_to=…`.
    static func link(base: String, token: String, redirectTo: String?) -> String {
        let encodedToken = token.percentEncodedQueryValue
        var url = "\(base)/auth/v1/verify?token=\(encodedToken)&type=email_change"
        if let redirectTo {
            url += "&redirect_to=" + redirectTo.percentEncodedQueryValue
        }
        return url
    }
}

extension MailService {
    var emailChangeMint: EmailChangeTokenMint {
        EmailChangeTokenMint(
            tokenHasher: tokenHasher, lifetime: configuration.otpExpiry, externalURL: configuration.externalURL, random: random)
    }

    /// For the outbox worker: mints `side`'s token when its email is sent, or nil (nothing to
    /// send) when the account no longer waits to change to `newEmail`, or no longer waits for
    /// `side` (a job delivered again after that address confirmed). The account's row is locked
    /// (PostgreSQL), so two workers holding one job cannot both leave a live token.
    func issueEmailChangeToken(userId: UUID, side: EmailChangeSide, newEmail: String, redirectTo: String?, pkce: PKCEChallenge?)
        async throws
        -> (address: String, context: EmailChangeTemplates.Context)?
    {
        let now = clock.now()
        let mint = emailChangeMint
        let minted = try await store.perform(.transaction) { database -> (UserRecord, MintedEmailChangeToken)? in
            guard let user = try await database.users.find(id: userId, lockedForUpdate: true), user.emailChange == newEmail,
                user.emailChangeAwaiting.contains(EmailChangeSides(side))
            else { return nil }
            if side == .current, user.isAnonymous { return nil }
            return (user, try await mint.mint(side: side, for: user, redirectTo: redirectTo, pkce: pkce, now: now, in: database))
        }
        guard let (user, token) = minted else { return nil }
        let context = EmailChangeTemplates.Context(
            productName: configuration.mail.productName, side: side, currentEmail: user.publicEmail, newEmail: newEmail,
            link: token.link, code: token.code, expiry: UserFacingText.duration(seconds: configuration.otpExpiry)
        )
        return (token.address, context)
    }
}
