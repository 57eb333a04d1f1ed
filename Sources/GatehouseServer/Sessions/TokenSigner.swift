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

/// Signs and verifies access tokens. Without a key set, HS256 with the server's JWT secret and
/// no `kid` (GoTrue without `GOTRUE_JWT_KEYS`). With one, new tokens are signed by its signing
/// key with its `kid` header; tokens are verified by the key their `kid` names, and tokens
/// without a known `kid` by the HS256 secret, so keys made by `gatehouse keys` keep working.
struct TokenSigner: Sendable {
    let keys: JWTKeyCollection
    let issuer: String
    let lifetime: Int
    /// The `kid` new tokens carry; `nil` signs with the HS256 secret.
    let signingKid: JWKIdentifier?
    /// The algorithm new tokens are signed with (`signingAlgorithm` names it).
    let signingKeyAlgorithm: SigningKey.Algorithm
    /// What `/.well-known/jwks.json` publishes: the public half of every asymmetric key.
    let publicKeys: [PublicJWK]

    init(secret: String, keySet: SigningKeySet? = nil, issuer: String, lifetime: Int) async {
        let serializer = DefaultJWTSerializer(jsonEncoder: ClaimsJSONEncoder())
        let keys = JWTKeyCollection(defaultJWTSerializer: serializer)
        // The secret first and without a kid: jwt-kit's default, used for tokens naming no known key.
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, serializer: serializer)
        for key in keySet?.keys ?? [] { await key.add(to: keys, serializer: serializer) }
        self.keys = keys
        self.issuer = issuer
        self.lifetime = lifetime
        let signing = keySet?.signingKey
        self.signingKid = signing.map { JWKIdentifier(string: $0.kid) }
        self.signingKeyAlgorithm = signing?.algorithm ?? .hs256
        self.publicKeys = keySet?.keys.compactMap(\.publicJWK) ?? []
    }

    func accessToken(for user: UserRecord, session: SessionRecord, now: Timestamp) async throws -> (token: String, expiresAt: Int64) {
        let claims = accessClaims(for: user, session: session, now: now)
        return (try await sign(claims), Int64(claims.exp.value.timeIntervalSince1970))
    }

    /// The claims an access token of `session` issued `now` carries.
    func accessClaims(for user: UserRecord, session: SessionRecord, now: Timestamp) -> AccessTokenClaims {
        let issuedAt = now.secondsSinceEpoch
        let expiresAt = issuedAt + Int64(lifetime)
        return AccessTokenClaims(
            sub: SubjectClaim(value: user.id.lowercasedString), aud: AudienceClaim(value: user.aud),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: Double(expiresAt))),
            iat: IssuedAtClaim(value: Date(timeIntervalSince1970: Double(issuedAt))), iss: IssuerClaim(value: issuer),
            email: user.publicEmail, phone: "", appMetadata: user.appMetadata, userMetadata: user.userMetadata,
            role: user.role, aal: session.aal, amr: session.amr, sessionId: session.id.lowercasedString,
            isAnonymous: user.isAnonymous
        )
    }

    /// The verified claims of a user's access token, or `bad_jwt`. Its expiry is checked against
    /// `now`, the server's clock (the JWT library checks it against the system's, too).
    func verifyAccessToken(_ token: String, now: Timestamp) async throws(AuthError) -> AccessTokenClaims {
        let invalid = AuthError(
            .badJWT, kind: .forbidden)
        guard let claims = try? await keys.verify(token, as: AccessTokenClaims.self) else { throw invalid }
        guard claims.exp.value.timeIntervalSince1970 > Double(now.microsecondsSinceEpoch) / 1_000_000 else { throw invalid }
        return claims
    }

    /// Whether a verified `token` carries an admin role; `bad_jwt` when it does not verify.
    func isServiceRole(_ token: String) async throws(AuthError) -> Bool {
        guard let claims = try? await keys.verify(token, as: RoleClaims.self) else {
            throw AuthError(.badJWT, kind: .forbidden)
        }
        return claims.role == "service_role" || claims.role == "supabase_admin"
    }

    /// A long-lived token with the given role (for `gatehouse keys`: anon and service_role).
    func roleToken(_ role: String, validFor seconds: Int) async throws -> String {
        struct KeyClaims: JWTPayload {
            var role: String
            var iss: IssuerClaim
            var iat: IssuedAtClaim
            var exp: ExpirationClaim
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }
        let now = Date()
        return try await sign(
            KeyClaims(
                role: role, iss: IssuerClaim(value: issuer), iat: IssuedAtClaim(value: now),
                exp: ExpirationClaim(value: now.addingTimeInterval(Double(seconds)))
            ))
    }
}

/// jwt-kit's JSON encoder for what it signs: claims that can write themselves (the access
/// token's) skip `Codable`; anything else (the header, other claims) goes through `JSONEncoder`
/// with jwt-kit's own settings.
struct ClaimsJSONEncoder: JWTJSONEncoder {
    private let fallback: any JWTJSONEncoder = .defaultForJWT

    func encode<T: Encodable>(_ value: T) throws -> Data {
        if let writable = value as? any JSONWritable {
            return Data(JSONWriter.encode(writable))
        }
        return try fallback.encode(value)
    }
}
