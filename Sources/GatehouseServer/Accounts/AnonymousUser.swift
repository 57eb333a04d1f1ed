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

/// Anonymous accounts. GoTrue stores them with no email at all; here
/// `users.email` is NOT NULL UNIQUE on both engines, so an anonymous account holds a placeholder
/// that is not an address (no `@`, so no validated `EmailAddress` can ever look it up, sign in
/// with it or mail it) and that is unique (the user id). Every wire form shows it as `""`.
extension UserRecord {
    static let anonymousEmailPrefix = "anonymous:"

    /// An account without an address is anonymous: Gatehouse has no phone sign-in, so "no
    /// email" is exactly GoTrue's "signed in without email or phone, not yet converted".
    var isAnonymous: Bool { email.hasPrefix(Self.anonymousEmailPrefix) }

    /// The address as clients see it (`""` for an anonymous account, as GoTrue's).
    var publicEmail: String { isAnonymous ? "" : email }

    /// A new anonymous account: no address, no password, no identity, `app_metadata: {}`
    /// (GoTrue adds no provider keys), and the sign-up's `data` as `user_metadata`.
    static func anonymous(userMetadata: [String: JSONValue], now: Timestamp, random: RandomSource) -> UserRecord {
        let id = random.uuid()
        return UserRecord(
            id: id, email: anonymousEmailPrefix + id.lowercasedString, passwordHash: nil, aud: "authenticated",
            role: "authenticated", emailConfirmedAt: nil, confirmationSentAt: nil, recoverySentAt: nil, lastSignInAt: now,
            appMetadata: [:], userMetadata: userMetadata, bannedUntil: nil, createdAt: now, updatedAt: now, identity: nil
        )
    }

    /// The email identity an account gains once an address is confirmed for it (a converted
    /// anonymous account), and the provider keys GoTrue derives from its identities.
    mutating func attachEmailIdentity(now: Timestamp, random: RandomSource) -> IdentityRecord {
        var data: [String: JSONValue] = [:]
        data["sub"] = .string(id.lowercasedString)
        data["email"] = .string(email)
        data["email_verified"] = .bool(true)
        data["phone_verified"] = .bool(false)
        let created = IdentityRecord(
            id: random.uuid(), userId: id, provider: "email", providerId: id.lowercasedString, identityData: data,
            lastSignInAt: now, createdAt: now, updatedAt: now
        )
        identity = created
        appMetadata["provider"] = .string("email")
        appMetadata["providers"] = .array([.string("email")])
        return created
    }
}
