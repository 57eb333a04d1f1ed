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
import GatehouseCore
import JWTKit

/// The tokens a Firebase sign-in, sign-up, refresh or password change answers with.
struct FirebaseTokenSet: Sendable {
    var idToken: String
    var refreshToken: String
    /// Seconds, sent as a string (`"3600"`): the iOS SDK ignores a number and refreshes at once.
    var expiresIn: Int
}

/// Mints and verifies Firebase ID tokens for the configured project. They are signed through
/// `TokenSigner.sign` (the server's asymmetric key, RS256 with `kid`, where one is configured),
/// and verified by the same key store. Refresh tokens are the session's own
/// (`RefreshTokenCodec`), wrapped with the user's id (`FirebaseRefreshToken`).
struct FirebaseTokens: Sendable {
    let projectId: String
    let signer: TokenSigner
    let refreshTokens: RefreshTokenCodec
    let wrapper: FirebaseRefreshToken
    let lifetime: Int
    let clock: ServerClock

    init(service: GatehouseServices, projectId: String) {
        let environment = service.environment
        self.projectId = projectId
        self.signer = environment.firebaseSigner
        self.refreshTokens = environment.refreshTokens
        self.wrapper = FirebaseRefreshToken(secret: environment.configuration.jwtSecret)
        self.lifetime = environment.configuration.jwtExpiry
        self.clock = environment.clock
    }

    var issuer: String { FirebaseIDTokenClaims.issuer(project: projectId) }

    /// An ID token of `session` issued now, and the session's current refresh token.
    /// `secondFactor`: the factor an aal2 session proved (named in the token), nil otherwise.
    func issue(user: UserRecord, session: SessionRecord, secondFactor: FactorRecord? = nil) async throws -> FirebaseTokenSet {
        let now = clock.now().secondsSinceEpoch
        let userId = FirebaseLocalId.of(user)
        let name = user.userMetadata[FirebaseUserInfo.displayNameKey].flatMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        let claims = FirebaseIDTokenClaims(
            iss: IssuerClaim(value: issuer), aud: AudienceClaim(value: projectId), authTime: session.createdAt.secondsSinceEpoch,
            userId: userId, sub: SubjectClaim(value: userId), iat: IssuedAtClaim(value: Date(timeIntervalSince1970: Double(now))),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: Double(now + Int64(lifetime)))), email: user.email,
            emailVerified: user.isConfirmed, name: name,
            firebase: .init(
                identities: ["email": [user.email]], signInProvider: "password", signInSecondFactor: secondFactor?.factorType,
                secondFactorIdentifier: secondFactor?.id.lowercasedString),
            sessionId: session.id.lowercasedString
        )
        let sessionToken = refreshTokens.encode(sessionId: session.id, counter: session.refreshCounter)
        return FirebaseTokenSet(
            idToken: try await signer.sign(claims), refreshToken: wrapper.wrap(sessionToken, userId: user.id), expiresIn: lifetime)
    }

    /// The claims of an ID token this server issued for this project and not yet expired;
    /// `INVALID_ID_TOKEN` for anything else (the session and the user are checked by the caller).
    func verify(_ idToken: String?) async throws(FirebaseError) -> FirebaseIDTokenClaims {
        guard let idToken, !idToken.isEmpty else { throw .named("MISSING_ID_TOKEN") }
        guard let claims = try? await signer.keys.verify(idToken, as: FirebaseIDTokenClaims.self),
            claims.iss.value == issuer, claims.aud.value == [projectId], claims.sub.value == claims.userId
        else { throw .named("INVALID_ID_TOKEN") }
        guard claims.exp.value > clock.now().date else { throw .named("TOKEN_EXPIRED") }
        return claims
    }
}
