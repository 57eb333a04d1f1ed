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

/// The body of `PUT /user`. Unknown fields are ignored, as GoTrue does.
public struct UserUpdateRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var password: String?
    /// The user's metadata (`user_metadata`).
    public var data: [String: JSONValue]?
    /// Refused for users (only admins may set it); read so the server can say so.
    public var appMetadata: [String: JSONValue]?
    /// The reauthentication code of `GET /reauthenticate`, for a password change.
    public var nonce: String?
    /// A proof for a password change (with `nonce`): the password being replaced.
    public var currentPassword: String?
    /// PKCE for an email change's links (supabase-swift sends them whenever `email` is set).
    public var codeChallenge: String?
    public var codeChallengeMethod: String?

    public init(
        email: String? = nil, password: String? = nil, data: [String: JSONValue]? = nil,
        appMetadata: [String: JSONValue]? = nil, nonce: String? = nil, currentPassword: String? = nil
    ) {
        self.email = email
        self.password = password
        self.data = data
        self.appMetadata = appMetadata
        self.nonce = nonce
        self.currentPassword = currentPassword
    }

    enum CodingKeys: String, CodingKey {
        case email, password, data, nonce
        case appMetadata = "app_metadata"
        case currentPassword = "current_password"
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}
