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

/// `expiresIn` as Firebase sends it: a string of seconds (`"3600"`); a number is read too.
struct FirebaseSeconds: Decodable, Sendable, Equatable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let seconds = Int(text) {
            value = seconds
        } else {
            value = try container.decode(Int.self)
        }
    }
}

/// The tokens of `accounts:signUp`, `accounts:signInWithPassword` and `accounts:update`
/// (with `returnSecureToken`). A sign-in of an account with a second factor answers
/// `mfaPendingCredential` (and `mfaInfo`) instead of tokens.
struct FirebaseTokenAnswer: Decodable, Sendable {
    let localId: String?
    let email: String?
    let idToken: String?
    let refreshToken: String?
    let expiresIn: FirebaseSeconds?
    let mfaPendingCredential: String?
}

/// `securetoken.googleapis.com/v1/token`'s answer (snake_case, `expires_in` a string).
struct SecureTokenAnswer: Decodable, Sendable {
    let accessToken: String?
    let idToken: String?
    let refreshToken: String
    let expiresIn: FirebaseSeconds
    let userId: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case expiresIn = "expires_in"
        case userId = "user_id"
    }
}

/// `accounts:lookup`'s answer: exactly one user for an ID token.
struct FirebaseLookupAnswer: Decodable, Sendable {
    let users: [FirebaseUserInfo]?
}

/// A Firebase user record (`accounts:lookup`): timestamps are millisecond strings.
public struct FirebaseUserInfo: Decodable, Sendable, Equatable {
    public let localId: String
    public let email: String?
    public let emailVerified: Bool?
    public let displayName: String?
    public let disabled: Bool?
    /// Milliseconds since 1970, as a string.
    public let createdAt: String?
    public let lastLoginAt: String?
}

/// `accounts:resetPassword`'s answer, with or without `newPassword`.
struct FirebaseResetAnswer: Decodable, Sendable {
    let email: String?
    let requestType: String?
}

/// `accounts:sendOobCode`'s answer.
struct FirebaseOobAnswer: Decodable, Sendable {
    let email: String?
}

// MARK: Request bodies (camelCase, as Google's REST reference and the iOS SDK send them)

struct FirebasePasswordRequest: Encodable, Sendable {
    let email: String
    let password: String
    var returnSecureToken = true
}

struct FirebaseIDTokenRequest: Encodable, Sendable {
    let idToken: String
}

struct FirebasePasswordChangeRequest: Encodable, Sendable {
    let idToken: String
    let password: String
    var returnSecureToken = true
}

struct FirebaseOobRequest: Encodable, Sendable {
    var requestType = "PASSWORD_RESET"
    let email: String
    var continueUrl: String?
}

struct FirebaseResetRequest: Encodable, Sendable {
    let oobCode: String
    var newPassword: String?
}
