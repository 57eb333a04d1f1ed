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

import Foundation
import JWTKit

/// A Firebase ID token's claims, as Google issues them: `iss`
/// `https://securetoken.google.com/<project>`, `aud` the project, `sub` = `user_id` = the
/// user's `localId`, `auth_time` (the sign-in, kept across refreshes), `email`,
/// `email_verified`, `firebase.identities` and `firebase.sign_in_provider` (the iOS SDK needs
/// numeric `exp`, `iat`, `auth_time` and the provider string, or `getIDTokenResult` fails).
/// A session that proved a second factor adds `firebase.sign_in_second_factor` (`"totp"`) and
/// `firebase.second_factor_identifier` (the factor's id, its `mfaEnrollmentId`), as Google does:
/// what a backend reads to require multi-factor sign-in. Tokens of other sessions have neither.
/// `session_id` is Gatehouse's own (a custom claim to Firebase's eyes): the session the token
/// belongs to, so signing out, a password change or a revocation end it at once here.
struct FirebaseIDTokenClaims: JWTPayload, Equatable {
    struct FirebaseClaim: Codable, Equatable, Sendable {
        var identities: [String: [String]]
        var signInProvider: String
        var signInSecondFactor: String?
        var secondFactorIdentifier: String?

        enum CodingKeys: String, CodingKey {
            case identities
            case signInProvider = "sign_in_provider"
            case signInSecondFactor = "sign_in_second_factor"
            case secondFactorIdentifier = "second_factor_identifier"
        }
    }

    var iss: IssuerClaim
    var aud: AudienceClaim
    var authTime: Int64
    var userId: String
    var sub: SubjectClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    /// Left out, with `email_verified`, for an account without an address, as Google does.
    var email: String?
    var emailVerified: Bool?
    var name: String?
    var firebase: FirebaseClaim
    var sessionId: String
    /// `anonymous` for an anonymous sign-in's tokens (the only provider Google writes it for).
    var providerId: String? = nil

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, email, name, firebase
        case authTime = "auth_time"
        case userId = "user_id"
        case emailVerified = "email_verified"
        case sessionId = "session_id"
        case providerId = "provider_id"
    }

    static func issuer(project: String) -> String { "https://securetoken.google.com/\(project)" }

    /// The expiry alone: the issuer, audience and the session are checked by `FirebaseTokens.verify`.
    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}
