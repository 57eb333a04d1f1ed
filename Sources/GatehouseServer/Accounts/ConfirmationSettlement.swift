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

/// What redeeming an emailed token does to a still-unconfirmed account.
enum ConfirmationSettlement {
    /// Confirms `user`'s address because `token`, emailed to it, was just redeemed; called inside
    /// the redeeming transaction, before any new session is started. Every confirmation path
    /// comes here: GoTrue's link, code and token hash, Firebase's `VERIFY_EMAIL` code and the
    /// action page, magic links, invitations, and a recovery of an account never confirmed.
    ///
    /// Until now anyone could have signed up with this address (over either protocol), so
    /// confirming leaves in force only what the person holding the link chose: for a sign-up
    /// link, the password and metadata of the sign-up it was minted for (for a Firebase
    /// verification, the account's own); for a recovery link, no password at
    /// all until the owner sets one, and no metadata. Everything an unproven party could have
    /// added is removed (`AccountLifecycle`): every other sign-up of the address and its links,
    /// every session, passkey, MFA factor and provider identity, a pending email change and its links.
    static func settle(_ user: inout UserRecord, by token: OneTimeTokenRecord, now: Timestamp, in database: UnitOfWork) async throws {
        guard !user.isConfirmed else {
            try await database.pendingSignups.deleteAll(userId: user.id)
            return
        }
        switch token.purpose {
        case .signup:
            // A link minted for a sign-up applies that sign-up; an older link of an account with
            // no password of its own, the newest sign-up. An account with its own password (a
            // Firebase sign-up asking to verify its address) keeps it: that is what the link was
            // minted for, and a stranger's pending sign-up never replaces it.
            var chosen = try await database.pendingSignups.find(tokenId: token.id)
            if chosen == nil, user.passwordHash == nil { chosen = try await database.pendingSignups.newest(userId: user.id) }
            if let chosen { user.replaceSignUpChoices(passwordHash: chosen.passwordHash, userMetadata: chosen.userMetadata) }
        case .recovery:
            user.replaceSignUpChoices(passwordHash: nil, userMetadata: [:])
        case .magiclink, .invite:
            try await settleLinkSignIn(&user, by: token, in: database)
        case .emailChangeCurrent, .emailChangeNew:
            // Settled by `EmailChangeSettlement`: it confirms the new address, not the old one.
            return
        }
        user.confirmEmail(at: now)
        try await clearUnprovenAdditions(of: &user, in: database)
    }

    /// Removes what anyone could add to an account before its address was proven.
    private static func clearUnprovenAdditions(of user: inout UserRecord, in database: UnitOfWork) async throws {
        let id = user.id
        try await database.pendingSignups.deleteAll(userId: id)
        try await database.sessions.deleteAll(userId: id)
        try await database.oneTimeTokens.deletePending(userId: id, purpose: .signup)
        try await database.oneTimeTokens.deletePending(userId: id, purpose: .emailChangeCurrent)
        try await database.oneTimeTokens.deletePending(userId: id, purpose: .emailChangeNew)
        try await database.reauthenticationNonces.delete(userId: id)
        try await database.mfaFactors.deleteAll(userId: id.lowercasedString)
        try await database.passkeys.deleteAll(userId: id.lowercasedString)
        try await database.identities.deleteLinked(userId: id)
        for identity in user.linkedIdentities { user.removeProvider(identity.provider) }
        user.linkedIdentities = []
        user.factors = []
        user.emailChange = nil
    }
}

extension UserRecord {
    /// What a sign-up sets: the password and the metadata (also mirrored in the identity's data).
    mutating func replaceSignUpChoices(passwordHash: String?, userMetadata: [String: JSONValue]) {
        self.passwordHash = passwordHash
        self.userMetadata = userMetadata
        guard var identity else { return }
        var data = userMetadata
        for key in ["sub", "email", "email_verified", "phone_verified"] { data[key] = identity.identityData[key] }
        identity.identityData = data
        self.identity = identity
    }
}
