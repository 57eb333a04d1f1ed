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

/// A row of `users`, plus its email identity, as the server works with it.
struct UserRecord: Sendable {
    var id: UUID
    var email: String
    var passwordHash: String?
    var aud: String
    var role: String
    var emailConfirmedAt: Timestamp?
    var confirmationSentAt: Timestamp?
    var recoverySentAt: Timestamp?
    var lastSignInAt: Timestamp?
    var appMetadata: [String: JSONValue]
    var userMetadata: [String: JSONValue]
    var bannedUntil: Timestamp?
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var identity: IdentityRecord?
    /// Set by an admin soft delete (`DELETE /admin/users/{id} {"should_soft_delete": true}`).
    var deletedAt: Timestamp? = nil
    /// When an admin invited this user (GoTrue's `invited_at`); nil for everyone else.
    var invitedAt: Timestamp? = nil
    /// The MFA factors, loaded with the user where it is shown or signed in (`MFAFactorRepository`).
    var factors: [FactorRecord] = []
    /// A pending email change (`PUT /user {email}`): the new address, when its emails went out,
    /// and which addresses have still to confirm it (`EmailChange.swift`).
    var emailChange: String? = nil
    var emailChangeSentAt: Timestamp? = nil
    var emailChangeAwaiting: EmailChangeSides = []
    /// The uid of an account imported from Firebase whose uid is not its id's text
    /// (`ImportedAccountID`): what the Firebase API shows as `localId`, `user_id` and `sub`.
    var firebaseUid: String? = nil
    /// Identities from other providers (Apple, Google, …), loaded with the user where it is shown
    /// or signed in, when `app_metadata.providers` names one (`UserRepository.withDetails`).
    var linkedIdentities: [IdentityRecord] = []

    var isConfirmed: Bool { emailConfirmedAt != nil }

    func isBanned(at now: Timestamp) -> Bool {
        guard let bannedUntil else { return false }
        return bannedUntil > now
    }

    /// The wire object. Never includes the password hash.
    var payload: UserPayload {
        UserPayload(
            id: id.lowercasedString, aud: aud, role: role, email: publicEmail,
            emailConfirmedAt: emailConfirmedAt, confirmationSentAt: confirmationSentAt,
            confirmedAt: emailConfirmedAt, recoverySentAt: recoverySentAt, lastSignInAt: lastSignInAt,
            appMetadata: appMetadata, userMetadata: userMetadata,
            identities: (identity.map { [$0.payload(email: email)] } ?? []) + linkedIdentities.map { $0.payload(email: $0.email) },
            createdAt: createdAt, updatedAt: updatedAt, bannedUntil: bannedUntil, isAnonymous: isAnonymous,
            deletedAt: deletedAt, newEmail: emailChange, emailChangeSentAt: emailChangeSentAt, invitedAt: invitedAt,
            factors: factors.isEmpty ? nil : factors.map(\.payload)
        )
    }

    /// A new email+password account, with its email identity.
    static func new(
        email: EmailAddress, passwordHash: String, userMetadata: [String: JSONValue], confirmedAt: Timestamp?,
        appMetadata: [String: JSONValue] = [:], now: Timestamp = .now(), random: RandomSource = .system
    ) -> UserRecord {
        let id = random.uuid()
        var app = appMetadata
        app["provider"] = .string("email")
        app["providers"] = .array([.string("email")])
        var identityData: [String: JSONValue] = userMetadata
        identityData["sub"] = .string(id.lowercasedString)
        identityData["email"] = .string(email.normalized)
        identityData["email_verified"] = .bool(confirmedAt != nil)
        identityData["phone_verified"] = .bool(false)
        let identity = IdentityRecord(
            id: random.uuid(), userId: id, provider: "email", providerId: id.lowercasedString,
            identityData: identityData, lastSignInAt: nil, createdAt: now, updatedAt: now
        )
        var metadata = userMetadata
        if confirmedAt != nil { metadata["email_verified"] = .bool(true) }
        return UserRecord(
            id: id, email: email.normalized, passwordHash: passwordHash, aud: "authenticated", role: "authenticated",
            emailConfirmedAt: confirmedAt, confirmationSentAt: nil, recoverySentAt: nil, lastSignInAt: nil,
            appMetadata: app, userMetadata: metadata, bannedUntil: nil, createdAt: now, updatedAt: now,
            identity: identity
        )
    }
}

/// A row of `identities`: the `email` identity, whose subject is the user id, or a provider's
/// (Apple, Google, an OpenID Connect issuer), whose subject is the provider's `sub`.
struct IdentityRecord: Sendable {
    var id: UUID
    var userId: UUID
    var provider: String
    var providerId: String
    var identityData: [String: JSONValue]
    var lastSignInAt: Timestamp?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    /// The address the provider gave (`identity_data.email`), if any.
    var email: String? {
        if case .string(let address)? = identityData["email"] { return address }
        return nil
    }

    func payload(email: String?) -> IdentityPayload {
        IdentityPayload(
            identityId: id.lowercasedString, id: providerId, userId: userId.lowercasedString,
            identityData: identityData, provider: provider, lastSignInAt: lastSignInAt,
            createdAt: createdAt, updatedAt: updatedAt, email: email
        )
    }
}
