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
    /// Firebase's provider ids (`apple.com`, …) of the providers sessions may be signed in with.
    let providers: ExternalProviders

    init(service: GatehouseServices, projectId: String) {
        let environment = service.environment
        self.projectId = projectId
        self.signer = environment.firebaseSigner
        self.refreshTokens = environment.refreshTokens
        self.wrapper = FirebaseRefreshToken(secret: environment.configuration.jwtSecret)
        self.lifetime = environment.configuration.jwtExpiry
        self.clock = environment.clock
        self.providers = environment.configuration.external
    }

    var issuer: String { FirebaseIDTokenClaims.issuer(project: projectId) }

    /// An ID token of `session` issued now, and the session's current refresh token.
    /// `secondFactor`: the factor an aal2 session proved (named in the token), nil otherwise;
    /// `developerClaims`: a custom token's claims, for the sessions custom tokens start.
    func issue(
        user: UserRecord, session: SessionRecord, secondFactor: FactorRecord? = nil, developerClaims: [String: JSONValue] = [:]
    ) async throws -> FirebaseTokenSet {
        let now = clock.now().secondsSinceEpoch
        let userId = FirebaseLocalId.of(user)
        let name = user.userMetadata[FirebaseUserInfo.displayNameKey].flatMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        var claims = FirebaseIDTokenClaims(
            iss: IssuerClaim(value: issuer), aud: AudienceClaim(value: projectId), authTime: session.createdAt.secondsSinceEpoch,
            userId: userId, sub: SubjectClaim(value: userId), iat: IssuedAtClaim(value: Date(timeIntervalSince1970: Double(now))),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: Double(now + Int64(lifetime)))),
            email: nil, emailVerified: nil, name: name,
            firebase: .init(
                identities: identities(of: user), signInProvider: signInProvider(of: session),
                signInSecondFactor: secondFactor?.factorType,
                secondFactorIdentifier: secondFactor?.id.lowercasedString),
            sessionId: session.id.lowercasedString
        )
        if user.isAnonymous {
            // No address: Google leaves both claims out, and names the provider of an anonymous sign-in.
            if claims.firebase.signInProvider == "anonymous" { claims.providerId = "anonymous" }
        } else {
            claims.email = user.email
            claims.emailVerified = user.isConfirmed
        }
        let sessionToken = refreshTokens.encode(sessionId: session.id, counter: session.refreshCounter)
        let idToken: String
        if developerClaims.isEmpty {
            idToken = try await signer.sign(claims)
        } else {
            idToken = try await signer.sign(FirebaseCustomTokenIDTokenClaims(base: claims, developerClaims: developerClaims))
        }
        return FirebaseTokenSet(idToken: idToken, refreshToken: wrapper.wrap(sessionToken, userId: user.id), expiresIn: lifetime)
    }

    /// `firebase.identities`: the address, and each provider's subjects under its Firebase id.
    func identities(of user: UserRecord) -> [String: [String]] {
        var identities: [String: [String]] = user.isAnonymous ? [:] : ["email": [user.email]]
        for identity in user.linkedIdentities {
            let key = providers.provider(named: identity.provider)?.firebaseProviderId ?? identity.provider
            identities[key, default: []].append(identity.providerId)
        }
        return identities
    }

    /// `firebase.sign_in_provider`: how the session was started (`password`, `apple.com`, …).
    func signInProvider(of session: SessionRecord) -> String {
        guard let first = session.amr.first(where: { $0.method != "totp" }) else { return "password" }
        switch (first.method, first.provider) {
        case ("oauth", let name?): return providers.provider(named: name)?.firebaseProviderId ?? name
        case ("anonymous", _): return "anonymous"
        case (AuthenticationMethod.customTokenMethod, _): return "custom"
        default: return "password"
        }
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
