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

/// The session object GoTrue returns from `/token`, `/signup` (autoconfirm) and `/verify`.
/// supabase-swift needs `expires_at`; supabase-py needs `expires_in` as an integer.
public struct SessionPayload: Codable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String
    public var expiresIn: Int
    public var expiresAt: Int64
    public var refreshToken: String
    public var user: UserPayload
    public var weakPassword: WeakPasswordPayload?

    public init(
        accessToken: String, tokenType: String = "bearer", expiresIn: Int, expiresAt: Int64, refreshToken: String,
        user: UserPayload, weakPassword: WeakPasswordPayload? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.user = user
        self.weakPassword = weakPassword
    }

    /// The wire names, which the server's writer uses too.
    public enum CodingKeys: String, CodingKey {
        case user
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case expiresAt = "expires_at"
        case refreshToken = "refresh_token"
        case weakPassword = "weak_password"
    }
}

/// Attached to a session when the correct password no longer meets the policy, and to
/// `weak_password` errors.
public struct WeakPasswordPayload: Codable, Sendable, Equatable {
    public var message: String?
    public var reasons: [String]

    public init(message: String?, reasons: [String]) {
        self.message = message
        self.reasons = reasons
    }
}
