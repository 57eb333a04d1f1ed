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
import GatehouseCore

/// What a one-time token is for.
enum TokenPurpose: String, Sendable, Codable {
    case recovery
    case signup
    /// A magic link or email OTP (`POST /otp`): signs in, confirming the address if need be.
    case magiclink
    /// An admin's invitation (`POST /invite`): confirms the address and signs in.
    case invite
    /// The two sides of an email change: the link and code sent to the current address, and
    /// those sent to the new one (`EmailChange.swift`).
    case emailChangeCurrent = "email_change_current"
    case emailChangeNew = "email_change_new"
}

/// A freshly minted one-time token: the 256-bit link token and the 6-digit code, in clear only
/// in memory and in the email. The database stores keyed hashes of both (`OneTimeTokenHasher`).
struct IssuedOneTimeToken: Sendable {
    let id: UUID
    let linkToken: String
    let code: String
    let expiresAt: Timestamp
}

/// A stored one-time token row.
struct OneTimeTokenRecord: Sendable {
    var id: UUID
    var userId: UUID
    var purpose: TokenPurpose
    var codeHash: String
    var attempts: Int
    var codeChallenge: String?
    var codeChallengeMethod: String?
    var redirectTo: String?
    var expiresAt: Timestamp
    var consumedAt: Timestamp?
}

/// Hashes one-time secrets with a key derived from the server secret (HMAC-SHA256), so a copy
/// of the database alone cannot confirm a guessed code (only 10⁶ of them) or link token.
struct OneTimeTokenHasher: Sendable {
    /// GoTrue marks links of the PKCE flow with this prefix; we keep the convention.
    static let pkcePrefix = "pkce_"
    /// HMAC-SHA256 already keyed: each hash copies it and feeds only its message. Keying anew
    /// hashed the key's pads again for every hash, twice a `/recover` (Benchmarks/PROFILE.md).
    private let keyed: HMAC<SHA256>

    init(secret: String) {
        let derived = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse one-time token key v1".utf8), using: SymmetricKey(data: Data(secret.utf8))
        )
        self.keyed = HMAC<SHA256>(key: SymmetricKey(data: Data(derived)))
    }

    /// The keyed hash of `message`.
    private func mac(_ message: String) -> HMAC<SHA256>.MAC {
        var hmac = keyed
        var message = message
        message.withUTF8 { hmac.update(data: $0) }
        return hmac.finalize()
    }

    /// A new token: 32 random bytes (base64url) for the link and six uniform random digits.
    func mint(lifetime: Int, now: Timestamp, random: RandomSource) -> IssuedOneTimeToken {
        let bytes = random.bytes(32)
        let code = random.integer(below: 1_000_000).zeroPadded(toWidth: 6)
        return IssuedOneTimeToken(
            id: random.timeOrderedUUID(at: now), linkToken: Data(bytes).base64URLEncodedString(), code: code,
            expiresAt: now.adding(seconds: Double(lifetime))
        )
    }

    /// The lookup hash of a link token (any `pkce_` prefix removed first).
    func linkHash(_ token: String) -> String {
        let bare = token.hasPrefix(Self.pkcePrefix) ? String(token.dropFirst(Self.pkcePrefix.count)) : token
        return hex(mac("link:" + bare))
    }

    /// The hash of a code, bound to its token row so equal codes of two tokens hash apart.
    func codeHash(_ code: String, tokenId: UUID) -> String {
        hex(mac("code:\(tokenId.lowercasedString):\(code)"))
    }

    /// A random value and its hash, for PKCE authorization codes.
    func authCodeHash(_ code: String) -> String {
        hex(mac("auth-code:" + code))
    }

    /// A keyed hash of an address, so the send-window table holds no addresses in clear.
    func addressKey(_ email: EmailAddress, purpose: String) -> String {
        hex(mac("window:\(purpose):\(email.normalized)"))
    }

    /// A keyed hash naming an attempt budget, so `attempt_budgets` holds no addresses in clear.
    func budgetKey(_ purpose: String, _ value: String) -> String {
        purpose + ":" + hex(mac("budget:\(purpose):\(value)"))
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func hex(_ mac: HMAC<SHA256>.MAC) -> String {
        mac.hexString
    }
}

extension TokenPurpose {
    /// Whether a token of this purpose is minted for an account whose address is already
    /// confirmed. A confirmation or an invitation has nothing left to do there (the worker sends
    /// nothing); a reset or a magic link is for exactly such accounts.
    var reachesConfirmedAccounts: Bool {
        // Written without an exhaustive switch, so purposes other branches add keep compiling.
        self != .signup && self != .invite
    }
}
