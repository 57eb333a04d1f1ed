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

/// One user as `accounts:lookup` (v3 `getAccountInfo`) answers it. Times are Firebase's:
/// `createdAt` / `lastLoginAt` millisecond strings, `validSince` a seconds string. The
/// `passwordHash` is Google's redacted placeholder, never the hash: the iOS SDK only needs it to
/// be non-empty to know the account has a password. `mfaInfo` lists the verified TOTP factors
/// (left out when there is none), as the SDKs' `multiFactor.enrolledFactors` read it.
struct FirebaseUserInfo: Encodable, Sendable {
    /// Where a Firebase `displayName` is kept in the user's metadata (GoTrue's `user_metadata`).
    static let displayNameKey = "display_name"
    static let redactedPasswordHash = "UkVEQUNURUQ="

    struct ProviderInfo: Encodable, Sendable {
        var providerId = "password"
        var email: String?
        var federatedId: String
        var rawId: String
        var displayName: String?
        var photoUrl: String?
    }

    var localId: String
    /// Left out for an account without an address (anonymous, or made by a custom token).
    var email: String?
    var emailVerified: Bool
    var displayName: String?
    var passwordHash: String?
    var providerUserInfo: [ProviderInfo]
    var validSince: String
    var disabled: Bool
    var lastLoginAt: String?
    var createdAt: String
    var lastRefreshAt: String?
    var mfaInfo: [FirebaseMFAEnrollment]?

    /// `providers`: the configured providers, for their Firebase ids (`apple.com`, …).
    init(
        _ user: UserRecord, validSince: Timestamp, lastRefreshAt: Timestamp? = nil, now: Timestamp,
        providers: ExternalProviders = ExternalProviders()
    ) {
        let name = Self.displayName(of: user)
        localId = FirebaseLocalId.of(user)
        if !user.isAnonymous { email = user.email }
        emailVerified = user.isConfirmed
        displayName = name
        passwordHash = user.passwordHash?.isEmpty == false ? Self.redactedPasswordHash : nil
        providerUserInfo =
            user.passwordHash?.isEmpty == false
            ? [ProviderInfo(email: user.email, federatedId: user.email, rawId: user.email, displayName: name)] : []
        providerUserInfo += user.linkedIdentities.map { identity in
            let provider = providers.provider(named: identity.provider)
            return ProviderInfo(
                providerId: provider?.firebaseProviderId ?? identity.provider, email: identity.email,
                federatedId: (provider.map { $0.issuer + "/" } ?? "") + identity.providerId, rawId: identity.providerId,
                displayName: identity.stringData("name"), photoUrl: identity.stringData("picture"))
        }
        self.validSince = String(validSince.secondsSinceEpoch)
        disabled = user.isBanned(at: now)
        lastLoginAt = user.lastSignInAt.map { String($0.microsecondsSinceEpoch / 1000) }
        createdAt = String(user.createdAt.microsecondsSinceEpoch / 1000)
        self.lastRefreshAt = lastRefreshAt.map(Self.rfc3339)
        mfaInfo = FirebaseMFAEnrollment.list(user.factors)
    }

    /// `lastRefreshAt` is RFC 3339 (the one time Firebase does not write as a number).
    static func rfc3339(_ instant: Timestamp) -> String {
        ISO8601DateFormatter().string(from: instant.date)
    }

    static func displayName(of user: UserRecord) -> String? {
        if case .string(let name)? = user.userMetadata[displayNameKey] { return name }
        return nil
    }
}
