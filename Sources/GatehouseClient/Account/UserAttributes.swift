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

/// What `update(user:)` changes (supabase-swift's `UserAttributes`): nil fields are left alone.
public struct UserAttributes: Sendable, Equatable {
    /// A new address: GoTrue keeps the current one and emails links (to both addresses by
    /// default) until the change is confirmed; meanwhile the user shows `new_email`.
    public var email: String?
    public var password: String?
    /// The code `reauthenticate()` emailed, for a password change the server wants confirmed.
    public var nonce: String?
    /// Metadata to merge into `user_metadata` (`null` removes a key).
    public var data: [String: JSONValue]?

    public init(email: String? = nil, password: String? = nil, nonce: String? = nil, data: [String: JSONValue]? = nil) {
        self.email = email
        self.password = password
        self.nonce = nonce
        self.data = data
    }
}

/// The body of `PUT /user` as the SDK sends it: the attributes plus, for an email change under
/// PKCE, the challenge the confirmation link's code is bound to (as supabase-swift sends it).
struct UserAttributesBody: Encodable, Sendable {
    var email: String?
    var password: String?
    var nonce: String?
    var data: [String: JSONValue]?
    var codeChallenge: String?
    var codeChallengeMethod: String?

    init(_ attributes: UserAttributes) {
        email = attributes.email
        password = attributes.password
        nonce = attributes.nonce
        data = attributes.data
    }

    enum CodingKeys: String, CodingKey {
        case email, password, nonce, data
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}
