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

/// The body of `POST /signup`, as the SDK sends it and the server reads it.
///
/// Every field is optional so the server can decode any body and answer a missing field with
/// its own error text; the SDK always sets `email` and `password`.
public struct SignUpRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var password: String?
    /// The user's metadata (`user_metadata`).
    public var data: [String: JSONValue]?
    /// PKCE: the challenge the confirmation link's code is bound to (see `PKCEChallengeFields`).
    public var codeChallenge: String?
    public var codeChallengeMethod: String?
    /// Read only to tell a phone sign-up (not offered) from an anonymous one (neither email nor phone).
    public var phone: String?

    public init(
        email: String? = nil, password: String? = nil, data: [String: JSONValue]? = nil,
        codeChallenge: String? = nil, codeChallengeMethod: String? = nil
    ) {
        self.email = email
        self.password = password
        self.data = data
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
    }

    enum CodingKeys: String, CodingKey {
        case email, password, data, phone
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}
