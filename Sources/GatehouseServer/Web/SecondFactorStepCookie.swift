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

/// What the sign-in's code step cookie holds: the session the password started (aal1, which
/// opens no page until its code raises it), whose, "Remember me", and when the password was given.
struct SecondFactorStepState: Codable, Sendable {
    var sessionId: UUID
    var userId: UUID
    var remember: Bool
    /// Seconds since 1970 of the password step: the step lasts `GATEHOUSE_MFA_CHALLENGE_EXPIRY`.
    var startedAt: Int64

    enum CodingKeys: String, CodingKey {
        // Not "s": nothing that reads a sign-in cookie's session id may find one here.
        case sessionId = "p"
        case userId = "u"
        case remember = "r"
        case startedAt = "a"
    }
}

/// The code step's cookie: `HttpOnly; SameSite=Lax` like the sign-in cookie, sealed under a key
/// of its own (derived from the sign-in cookie's), so it never opens as a sign-in cookie, nor a
/// sign-in cookie as it.
struct SecondFactorStepCookie: Sendable {
    let name: String
    private let key: SymmetricKey

    init(_ security: WebSecurity) {
        name = (security.secureCookies ? "__Host-" : "") + "gatehouse_code_step"
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: security.sessionKey, info: Data("gatehouse web code step v1".utf8), outputByteCount: 32)
    }

    func seal(_ state: SecondFactorStepState) -> String? {
        WebSecurity.seal(state, using: key)
    }

    func open(_ value: String) -> SecondFactorStepState? {
        WebSecurity.open(value, as: SecondFactorStepState.self, using: key)
    }
}
