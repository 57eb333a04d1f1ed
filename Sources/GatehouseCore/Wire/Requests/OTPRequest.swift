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

/// The body of `POST /otp` (and the older `POST /magiclink`): email a magic link and code to
/// `email`, creating the account when `create_user` (true when absent) and sign-ups allow it,
/// with `data` as its metadata. An optional PKCE challenge binds the link's code to the app
/// that asked. All optional, as the server reads it.
public struct OTPRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var data: [String: JSONValue]?
    public var createUser: Bool?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?

    public init(
        email: String? = nil, data: [String: JSONValue]? = nil, createUser: Bool? = nil, codeChallenge: String? = nil,
        codeChallengeMethod: String? = nil
    ) {
        self.email = email
        self.data = data
        self.createUser = createUser
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
    }

    enum CodingKeys: String, CodingKey {
        case email, data
        case createUser = "create_user"
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}
