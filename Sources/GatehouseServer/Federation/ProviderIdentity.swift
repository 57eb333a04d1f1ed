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

/// The name a client hands over with a provider's token: Apple gives it once, on the first
/// sign-in, and only to the app, never in the token.
struct SuppliedProfile: Sendable, Equatable {
    var givenName: String?
    var familyName: String?

    var fullName: String? {
        let parts = [givenName, familyName].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

extension VerifiedIdentity {
    /// What GoTrue keeps of a provider identity, as `identity_data` and a new account's
    /// `user_metadata`: the subject, the address and whether the provider verified it, the
    /// person's name and picture under both GoTrue's names.
    func profileData(issuer: String, supplied: SuppliedProfile?) -> [String: JSONValue] {
        var data: [String: JSONValue] = [
            "iss": .string(issuer), "sub": .string(subject), "provider_id": .string(subject),
            "email_verified": .bool(emailVerified), "phone_verified": .bool(false),
        ]
        if let email { data["email"] = .string(email) }
        if let displayName = name ?? supplied?.fullName {
            data["name"] = .string(displayName)
            data["full_name"] = .string(displayName)
        }
        if let given = supplied?.givenName { data["given_name"] = .string(given) }
        if let family = supplied?.familyName { data["family_name"] = .string(family) }
        if let picture {
            data["picture"] = .string(picture)
            data["avatar_url"] = .string(picture)
        }
        if isPrivateEmail { data["is_private_email"] = .bool(true) }
        return data
    }
}

extension IdentityRecord {
    /// A new identity of `verified` for the account `userId`, signed in with now.
    static func provider(
        _ verified: VerifiedIdentity, data: [String: JSONValue], userId: UUID, now: Timestamp, random: RandomSource
    ) -> IdentityRecord {
        IdentityRecord(
            id: random.uuid(), userId: userId, provider: verified.provider, providerId: verified.subject, identityData: data,
            lastSignInAt: now, createdAt: now, updatedAt: now)
    }
}

extension UserRecord {
    /// The providers an account can sign in with, as GoTrue lists them in `app_metadata`.
    var providers: [String] {
        guard case .array(let names)? = appMetadata["providers"] else { return [] }
        return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    /// Whether the account has identities besides its email one (so they are worth a query).
    var hasLinkedProviders: Bool { providers.contains { $0 != "email" } }

    /// Lists `provider` in `app_metadata` (`provider` stays the first one the account had).
    mutating func addProvider(_ provider: String) {
        var names = providers
        guard !names.contains(provider) else { return }
        names.append(provider)
        appMetadata["providers"] = .array(names.map(JSONValue.string))
        if appMetadata["provider"] == nil { appMetadata["provider"] = .string(provider) }
    }

    /// Takes `provider` off the list once its last identity is gone.
    mutating func removeProvider(_ provider: String) {
        let names = providers.filter { $0 != provider }
        appMetadata["providers"] = .array(names.map(JSONValue.string))
        if case .string(provider)? = appMetadata["provider"] {
            appMetadata["provider"] = names.first.map(JSONValue.string) ?? .string("email")
        }
    }

    /// A new account made by a provider sign-in: the provider proved the address, so it is
    /// confirmed; there is no password and no email identity, only the provider's.
    static func fromProvider(
        _ verified: VerifiedIdentity, email: EmailAddress, data: [String: JSONValue], now: Timestamp, random: RandomSource
    ) -> UserRecord {
        let id = random.uuid()
        var user = UserRecord(
            id: id, email: email.normalized, passwordHash: nil, aud: "authenticated", role: "authenticated",
            emailConfirmedAt: now, confirmationSentAt: nil, recoverySentAt: nil, lastSignInAt: now,
            appMetadata: [:], userMetadata: data, bannedUntil: nil, createdAt: now, updatedAt: now, identity: nil)
        user.addProvider(verified.provider)
        user.linkedIdentities = [.provider(verified, data: data, userId: id, now: now, random: random)]
        return user
    }
}
