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

/// An action link handed to an admin (`returnOobLink`) instead of being emailed.
struct FirebaseIssuedOobLink: Sendable {
    let email: String
    let oobCode: String
    let oobLink: String
}

extension RecoveryService {
    /// Firebase's `sendOobCode` without admin rights: the same path as `/recover` (validated
    /// address, the address's send window, one outbox job, written in the same group commit; no
    /// lookup),
    /// so a registered and an unknown address get the same answer in the same time, and only a
    /// registered one gets an email, sent by the worker with Firebase's action link.
    func requestFirebaseOobEmail(_ link: FirebaseActionLink, to email: EmailAddress) async throws(AuthError) {
        let job = OutboxJob.firebaseOob(email: email.normalized, link: link)
        let event = AuditEvent(link.requestType.purpose == .recovery ? .recoveryRequested : .confirmationRequested, email: email.normalized)
        try await submitEmailRequest(job, kind: link.requestType.windowKind, email: email, pkce: false, event: event)
    }

    /// Firebase's `sendOobCode` with `returnOobLink` (admin only, checked by the adapter): mints
    /// the code now and returns the link; nothing is sent. Nil when no account has the address.
    /// Like an emailed one, the new code replaces the account's earlier links of its kind.
    func issueFirebaseOobLink(_ link: FirebaseActionLink, for email: EmailAddress) async throws(AuthError) -> FirebaseIssuedOobLink? {
        let now = clock.now()
        let issued = tokenHasher.mint(lifetime: configuration.otpExpiry, now: now, random: random)
        let purpose = link.requestType.purpose
        let linkHash = tokenHasher.linkHash(issued.linkToken)
        let codeHash = tokenHasher.codeHash(issued.code, tokenId: issued.id)
        let user = try await store.run(.transaction) { database -> UserRecord? in
            guard let user = try await database.users.find(email: email) else { return nil }
            let record = OneTimeTokenRecord(
                id: issued.id, userId: user.id, purpose: purpose, codeHash: codeHash, attempts: 0, codeChallenge: nil,
                codeChallengeMethod: nil, redirectTo: nil, expiresAt: issued.expiresAt, consumedAt: nil
            )
            try await database.oneTimeTokens.deletePendingPlain(userId: user.id, purpose: purpose)
            try await database.oneTimeTokens.insert(record, linkHash: linkHash, now: now)
            return user
        }
        guard let user else { return nil }
        return FirebaseIssuedOobLink(
            email: user.email, oobCode: issued.linkToken,
            oobLink: link.url(externalURL: configuration.externalURL, oobCode: issued.linkToken)
        )
    }
}
