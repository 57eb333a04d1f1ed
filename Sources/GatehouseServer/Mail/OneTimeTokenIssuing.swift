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

extension MailService {
    /// For the worker: mints one-time tokens for a batch of recovery and confirmation jobs in a
    /// single write transaction (one lookup for the whole batch), and returns, in the order of
    /// `requests`, what each email needs, or nil where there is no such account (or, for a
    /// confirmation, it is already confirmed).
    ///
    /// Unknown addresses go through the same transaction as registered ones and a token is
    /// minted for every request: the background work a request causes must not depend on whether
    /// the address is registered, or the requests that follow would be slowed only after
    /// registered ones (measured: looking unknown addresses up on a reader instead made that gap
    /// significant, p < 0.001).
    func issueOneTimeTokens(_ requests: [OneTimeTokenRequest]) async throws -> [(user: UserRecord, context: EmailTemplates.Context)?] {
        guard !requests.isEmpty else { return [] }
        let now = clock.now()
        let minted = requests.map { request in
            let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now, random: random)
            let record = OneTimeTokenRecord(
                id: issued.id, userId: issued.id, purpose: request.purpose, codeHash: tokenHasher.codeHash(issued.code, tokenId: issued.id),
                attempts: 0, codeChallenge: request.codeChallenge, codeChallengeMethod: request.codeChallengeMethod,
                redirectTo: request.redirectTo, expiresAt: issued.expiresAt, consumedAt: nil
            )
            return (issued: issued, record: record, linkHash: tokenHasher.linkHash(issued.linkToken))
        }
        let addresses = requests.map { (try? EmailAddress(validating: $0.email))?.normalized }
        let users = try await store.perform(.transaction) { database -> [UserRecord?] in
            let found = try await database.users.find(emails: Array(Set(addresses.compactMap { $0 })))
            let byEmail = Dictionary(found.map { ($0.email, $0) }, uniquingKeysWith: { first, _ in first })
            var users: [UserRecord?] = []
            var tokens: [(record: OneTimeTokenRecord, linkHash: String)] = []
            // A PKCE token is a flow of its own, bound to the challenge of whoever asked for it:
            // it cancels nothing, or a stranger's request would cancel the owner's link. A plain
            // request replaces earlier plain links (the newest email works; the send window keeps
            // that from happening within one window): within the batch, the last plain token of
            // an account and purpose is the one kept, as if each had been stored in turn.
            var plainTokenIndex: [PlainTokenKey: Int] = [:]
            // Each bind replaces the last, so only an account's last sign-up token of the batch is bound.
            var signupTokens: [UUID: UUID] = [:]
            for (index, address) in addresses.enumerated() {
                let purpose = requests[index].purpose
                guard let address, let user = byEmail[address], purpose.reachesConfirmedAccounts || !user.isConfirmed else {
                    users.append(nil)
                    continue
                }
                var stored = minted[index].record
                stored.userId = user.id
                if requests[index].codeChallenge == nil {
                    let key = PlainTokenKey(userId: user.id, purpose: purpose)
                    if let earlier = plainTokenIndex[key] {
                        tokens[earlier] = (stored, minted[index].linkHash)
                    } else {
                        plainTokenIndex[key] = tokens.count
                        tokens.append((stored, minted[index].linkHash))
                    }
                } else {
                    tokens.append((stored, minted[index].linkHash))
                }
                // Bound to the address's newest sign-up, not necessarily the one that queued this
                // email: workers send in any order, and an earlier sign-up's email sent last must
                // not bring back the password a later sign-up superseded.
                if requests[index].pendingSignupId != nil { signupTokens[user.id] = stored.id }
                users.append(user)
            }
            for (purpose, keys) in Dictionary(grouping: plainTokenIndex.keys, by: \.purpose) {
                try await database.oneTimeTokens.deletePendingPlain(userIds: keys.map(\.userId), purpose: purpose)
            }
            try await database.oneTimeTokens.insert(tokens, now: now)
            for (userId, tokenId) in signupTokens {
                if let newest = try await database.pendingSignups.newest(userId: userId) {
                    try await database.pendingSignups.bind(id: newest.id, userId: userId, tokenId: tokenId)
                }
            }
            let reached = zip(requests, users).compactMap { request, user in user.map { (request.purpose, $0.id) } }
            for (purpose, sent) in Dictionary(grouping: reached, by: \.0) {
                try await database.users.recordEmailSent(userIds: sent.map(\.1), purpose: purpose, at: now)
            }
            return users
        }
        return zip(requests, zip(minted, users)).map { request, pair in
            guard let user = pair.1 else { return nil }
            let issued = pair.0.issued
            let token = request.codeChallenge == nil ? issued.linkToken : OneTimeTokenHasher.pkcePrefix + issued.linkToken
            let appFlow = request.codeChallenge != nil || request.redirectTo != nil
            let context = EmailTemplates.Context(
                productName: configuration.mail.productName, email: user.email,
                link: request.firebaseAction?.url(externalURL: configuration.externalURL, oobCode: issued.linkToken)
                    ?? link(purpose: request.purpose, token: token, redirectTo: request.redirectTo, appFlow: appFlow),
                code: issued.code, expiry: UserFacingText.duration(seconds: configuration.otpExpiry)
            )
            return (user, context)
        }
    }

    /// Where an email's button goes. Recovery defaults to the server's own reset page; when the
    /// app asked to be sent back (`redirect_to` or PKCE), or the configuration says so, the link
    /// goes through GoTrue's `/verify`, which redirects into the app with the session or code.
    func link(purpose: TokenPurpose, token: String, redirectTo: String?, appFlow: Bool) -> String {
        let base = configuration.externalURL
        let encodedToken = token.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? token
        if purpose == .recovery, configuration.recoveryLink == .page, !appFlow {
            return "\(base)/reset-password?token=\(encodedToken)"
        }
        var url = "\(base)/auth/v1/verify?token=\(encodedToken)&type=\(purpose.rawValue)"
        if let redirectTo {
            url += "&redirect_to=" + (redirectTo.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? redirectTo)
        }
        return url
    }
}

/// An account and purpose whose plain (non-PKCE) tokens replace one another.
private struct PlainTokenKey: Hashable {
    var userId: UUID
    var purpose: TokenPurpose
}
