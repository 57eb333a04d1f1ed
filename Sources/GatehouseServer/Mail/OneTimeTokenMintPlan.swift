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

/// An account a batch's email may go to: what minting needs of it.
struct MintTarget: Sendable, Equatable {
    var id: UUID
    var email: String
    var isConfirmed: Bool
}

/// What minting a batch's one-time tokens writes, decided from the accounts found for its
/// addresses. It is worked out inside the transaction that found them, and written there.
struct OneTimeTokenMintPlan: Sendable {
    /// For each request, in order: the account its email goes to, or nil (no such account, or a
    /// confirmation for one already confirmed).
    var targets: [MintTarget?] = []
    var tokens: [(record: OneTimeTokenRecord, linkHash: String)] = []
    /// Per purpose, the accounts whose unused plain tokens the new ones replace.
    var replacedPlain: [(purpose: TokenPurpose, userIds: [UUID])] = []
    /// Per account, the sign-up token to bind to its newest pending sign-up.
    var signupTokens: [(userId: UUID, tokenId: UUID)] = []
    /// Per purpose, the accounts to mark as sent an email of it (`recovery_sent_at`, …).
    var sent: [(purpose: TokenPurpose, userIds: [UUID])] = []

    /// `minted` holds a token for every request, found or not; `addresses` the normalized
    /// address of each (nil where it is not one).
    init(
        requests: [OneTimeTokenRequest], minted: [(record: OneTimeTokenRecord, linkHash: String)], addresses: [String?], found: [MintTarget]
    ) {
        let byEmail = Dictionary(found.map { ($0.email, $0) }, uniquingKeysWith: { first, _ in first })
        // A PKCE token is a flow of its own, bound to the challenge of whoever asked for it: it
        // cancels nothing, or a stranger's request would cancel the owner's link. A plain request
        // replaces earlier plain links (the newest email works; the send window keeps that from
        // happening within one window): within the batch, the last plain token of an account and
        // purpose is the one kept, as if each had been stored in turn.
        var plainTokenIndex: [PlainTokenKey: Int] = [:]
        // Each bind replaces the last, so only an account's last sign-up token of the batch is bound.
        var signupTokens: [UUID: UUID] = [:]
        for (index, address) in addresses.enumerated() {
            let purpose = requests[index].purpose
            guard let address, let user = byEmail[address], purpose.reachesConfirmedAccounts || !user.isConfirmed else {
                targets.append(nil)
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
            targets.append(user)
        }
        replacedPlain = Dictionary(grouping: plainTokenIndex.keys, by: \.purpose).map { ($0.key, $0.value.map(\.userId)) }
        self.signupTokens = signupTokens.map { ($0.key, $0.value) }
        let reached = zip(requests, targets).compactMap { request, user in user.map { (request.purpose, $0.id) } }
        sent = Dictionary(grouping: reached, by: \.0).map { ($0.key, $0.value.map(\.1)) }
    }
}

/// An account and purpose whose plain (non-PKCE) tokens replace one another.
private struct PlainTokenKey: Hashable {
    var userId: UUID
    var purpose: TokenPurpose
}
