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

/// The body of GoTrue's "send me an email" routes: `POST /recover {email}` and
/// `POST /resend {type, email}`, both with an optional PKCE challenge the emailed link's code
/// is bound to. All optional, as the server reads it.
public struct EmailLinkRequest: Codable, Sendable, Equatable {
    public var email: String?
    /// `/resend` only: which email to send again (`ResendType`'s wire values).
    public var type: String?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?

    public init(email: String? = nil, type: String? = nil, codeChallenge: String? = nil, codeChallengeMethod: String? = nil) {
        self.email = email
        self.type = type
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
    }

    enum CodingKeys: String, CodingKey {
        case email, type
        case codeChallenge = "code_challenge"
        case codeChallengeMethod = "code_challenge_method"
    }
}

/// `POST /resend`'s `type`: the emails that can be sent again.
public enum ResendType: String, Sendable, CaseIterable {
    case signup, recovery
    case emailChange = "email_change"
}
