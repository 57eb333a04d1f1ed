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

import Crypto
import Foundation

/// A PKCE challenge: 43–128 characters of `[A-Za-z0-9._~-]`, method `s256` (case-insensitive),
/// both or neither. GoTrue also takes `plain`, where the challenge *is* the verifier: anyone who
/// sees it (a log, a shared link) could exchange the flow's code, so it is refused here.
struct PKCEChallenge: Sendable, Equatable {
    let challenge: String
    let method: String

    /// Nil when the request uses no PKCE; an error when it half-uses it or the values are malformed.
    static func parse(challenge: String?, method: String?) throws(AuthError) -> PKCEChallenge? {
        let challenge = challenge?.isEmpty == true ? nil : challenge
        let method = method?.isEmpty == true ? nil : method
        switch (challenge, method) {
        case (nil, nil):
            return nil
        case (let challenge?, let method?):
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-")
            guard (43...128).contains(challenge.count), challenge.allSatisfy(allowed.contains) else {
                throw .validation("code challenge does not match the required format")
            }
            guard method.lowercased() == "s256" else {
                throw .validation("code challenge method not supported")
            }
            return PKCEChallenge(challenge: challenge, method: method.lowercased())
        default:
            throw .validation("PKCE flow requires code_challenge_method and code_challenge")
        }
    }

    /// Whether `verifier` answers this challenge (constant-time comparison). Only `s256`: a
    /// flow stored with another method (before `plain` was refused) is answered by nothing.
    func isAnswered(by verifier: String) -> Bool {
        guard method == "s256" else { return false }
        let expected = Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
        return OneTimeTokenHasher.constantTimeEquals(expected, challenge)
    }
}
