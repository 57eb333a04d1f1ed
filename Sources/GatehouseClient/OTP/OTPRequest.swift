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

/// The body of `POST /otp` (gotrue-extended §7.1): a magic link or a 6-digit code by email.
/// `create_user` is always sent (GoTrue reads a missing one as true); nil fields are omitted.
struct OTPRequest: Encodable, Sendable, Equatable {
    var email: String
    var createUser: Bool
    var data: [String: JSONValue]?
    var codeChallenge: String?
    var codeChallengeMethod: String?

    enum CodingKeys: String, CodingKey {
        case email, data
        case createUser = "create_user"
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}
