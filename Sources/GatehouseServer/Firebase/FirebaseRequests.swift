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

import GatehouseCore

/// The Identity Toolkit's request bodies, by the field names clients send (camelCase). Every
/// field is optional: a missing one is answered with Firebase's own name for it
/// (`MISSING_EMAIL`, …), not a decoding error; fields the adapter does not use are ignored.
enum FirebaseRequests {
    /// `accounts:signUp` / `signupNewUser`, and firebase-admin's `POST …/accounts`.
    struct SignUp: Decodable {
        var email: String?
        var password: String?
        var displayName: String?
        var localId: String?
        var emailVerified: Bool?
        var disabled: Bool?
    }

    /// `accounts:signInWithPassword` / `verifyPassword`.
    struct SignIn: Decodable {
        var email: String?
        var password: String?
    }

    /// `accounts:lookup` / `getAccountInfo`: an app's `idToken`, or an administrator's lists.
    struct Lookup: Decodable {
        var idToken: String?
        var localId: OneOrMany?
        var email: OneOrMany?
    }

    /// `accounts:update` / `setAccountInfo`.
    struct Update: Decodable {
        var idToken: String?
        var localId: String?
        var email: String?
        var password: String?
        var displayName: String?
        var deleteAttribute: [String]?
        var emailVerified: Bool?
        var disableUser: Bool?
        var validSince: NumberOrString?
        var returnSecureToken: Bool?
    }

    /// `accounts:delete` / `deleteAccount`.
    struct Delete: Decodable {
        var idToken: String?
        var localId: String?
    }

    /// `v2/accounts/mfaSignIn:start` and `:finalize`. Phone factors' fields are read only to be
    /// refused (Gatehouse has TOTP factors alone).
    struct MFASignIn: Decodable {
        struct TOTPVerification: Decodable {
            var verificationCode: String?
        }

        var mfaPendingCredential: String?
        var mfaEnrollmentId: String?
        var phoneSignInInfo: JSONValue?
        var phoneVerificationInfo: JSONValue?
        var totpVerificationInfo: TOTPVerification?
    }

    /// securetoken's body, JSON (the iOS SDK's camelCase) or a form (`grant_type`, `refresh_token`).
    struct Token: Decodable {
        var grantType: String?
        var refreshToken: String?

        enum CodingKeys: String, CodingKey {
            case grantType, refreshToken
            case grantTypeForm = "grant_type"
            case refreshTokenForm = "refresh_token"
        }

        init(grantType: String?, refreshToken: String?) {
            self.grantType = grantType
            self.refreshToken = refreshToken
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            grantType =
                try container.decodeIfPresent(String.self, forKey: .grantType)
                ?? container.decodeIfPresent(String.self, forKey: .grantTypeForm)
            refreshToken =
                try container.decodeIfPresent(String.self, forKey: .refreshToken)
                ?? container.decodeIfPresent(String.self, forKey: .refreshTokenForm)
        }
    }

    /// A string or a list of strings (firebase-admin sends lists for lookups).
    struct OneOrMany: Decodable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }
    }

    /// Seconds since the epoch as a number or a string (`validSince`).
    struct NumberOrString: Decodable {
        var seconds: Int64?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                seconds = number
            } else {
                seconds = Int64(try container.decode(String.self))
            }
        }
    }
}
