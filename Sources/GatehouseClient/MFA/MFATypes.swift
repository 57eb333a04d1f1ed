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

/// An MFA factor as the user object carries it.
public typealias Factor = FactorPayload

/// `POST /factors`'s answer (gotrue-extended §10.1).
public struct MFAEnrollResponse: Decodable, Sendable, Equatable {
    public let id: String
    public let type: String
    public let friendlyName: String?
    /// The secret to show or put in a QR code; nil for other factor types.
    public let totp: TOTP?

    public struct TOTP: Decodable, Sendable, Equatable {
        /// Raw SVG markup of the QR code (prefix `data:image/svg+xml;utf-8,` to show it as an image).
        public let qrCode: String
        /// The base32 secret, for typing into an authenticator app.
        public let secret: String
        /// The `otpauth://totp/…` URI the QR code encodes.
        public let uri: String

        enum CodingKeys: String, CodingKey {
            case secret, uri
            case qrCode = "qr_code"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, type, totp
        case friendlyName = "friendly_name"
    }
}

/// `POST /factors/{id}/challenge`'s answer.
public struct MFAChallengeResponse: Decodable, Sendable, Equatable {
    public let id: String
    public let type: String
    /// Unix seconds after which the challenge can no longer be verified.
    public let expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case id, type
        case expiresAt = "expires_at"
    }
}

/// `DELETE /factors/{id}`'s answer.
public struct MFAUnenrollResponse: Decodable, Sendable, Equatable {
    public let id: String
}

/// The signed-in user's factors (from the stored session, as supabase-swift reads them).
public struct MFAListFactorsResponse: Sendable, Equatable {
    /// Every factor, verified or not.
    public let all: [Factor]
    /// Verified TOTP factors only.
    public let totp: [Factor]
}

/// How strongly the session's sign-in was proven: `aal1` (one factor), `aal2` (two).
public enum AuthenticatorAssuranceLevel: String, Sendable, Equatable, Comparable {
    case aal1, aal2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .aal1 && rhs == .aal2 }
}

/// One entry of the access token's `amr` claim.
public struct AMREntry: Decodable, Sendable, Equatable {
    /// `password`, `otp`, `totp`, `anonymous`, `recovery`, `magiclink`, …
    public let method: String
    /// Unix seconds.
    public let timestamp: Int64

    public init(method: String, timestamp: Int64) {
        self.method = method
        self.timestamp = timestamp
    }
}

/// `getAuthenticatorAssuranceLevel()`: where the session is and where it could go.
public struct AuthenticatorAssuranceLevelResponse: Sendable, Equatable {
    /// The access token's `aal` (nil without a session).
    public let currentLevel: AuthenticatorAssuranceLevel?
    /// `aal2` when the user has a verified factor, else the current level: when it is above the
    /// current one, ask for a code (`challengeAndVerify`).
    public let nextLevel: AuthenticatorAssuranceLevel?
    /// The access token's `amr`, most recent first.
    public let currentAuthenticationMethods: [AMREntry]
}
