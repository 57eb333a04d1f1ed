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
    func issueOneTimeTokens(_ requests: [OneTimeTokenRequest]) async throws -> [(user: MintTarget, context: EmailTemplates.Context)?] {
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
        let stored = minted.map { (record: $0.record, linkHash: $0.linkHash) }
        let plan = try await store.mintOneTimeTokens(emails: Array(Set(addresses.compactMap { $0 })), now: now) { found in
            OneTimeTokenMintPlan(requests: requests, minted: stored, addresses: addresses, found: found)
        }
        let users = plan.targets
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
        let encodedToken = token.percentEncodedQueryValue
        if purpose == .recovery, configuration.recoveryLink == .page, !appFlow {
            return "\(base)/reset-password?token=\(encodedToken)"
        }
        var url = "\(base)/auth/v1/verify?token=\(encodedToken)&type=\(purpose.rawValue)"
        if let redirectTo {
            url += "&redirect_to=" + redirectTo.percentEncodedQueryValue
        }
        return url
    }
}
