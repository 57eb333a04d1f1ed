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

/// What a verified custom token says: whose account, and what its ID tokens add.
struct FirebaseCustomToken: Sendable, Equatable {
    /// The Firebase uid the token is for (1 to 128 characters).
    let uid: String
    /// The token's `claims`: the developer claims every ID token of the session carries.
    let developerClaims: [String: JSONValue]
}

/// Checks a custom token as Google does before `signInWithCustomToken` signs anyone in: an RS256
/// signature by a configured service account (jwt-kit does the cryptography), `iss` = `sub` =
/// that account's `client_email`, the Identity Toolkit's `aud`, `iat` not in the future, a
/// lifetime of at most an hour and not over, a `uid`, and developer claims that are an object of
/// at most 1,000 bytes naming no reserved claim. Everything but a wrong audience is
/// `INVALID_CUSTOM_TOKEN`; a wrong audience is `CREDENTIAL_MISMATCH` (checked only once the
/// signature holds, so a forged token learns nothing).
struct FirebaseCustomTokenVerifier: Sendable {
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    static let maximumLifetime: Int64 = 3600
    /// How far in the future `iat` may be: the minting server's clock may run a little ahead.
    static let clockSkew: Int64 = 60
    static let developerClaimsLimit = 1000
    /// Far above any real token; a longer one is not parsed.
    static let maximumLength = 16 * 1024
    /// The claims firebase-admin refuses as developer claims (`RESERVED_CLAIMS`).
    static let reservedClaims: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "firebase", "iat", "iss", "jti", "nbf",
        "nonce", "sub",
    ]

    let accounts: [FirebaseServiceAccount]

    func verify(_ token: String, now: Timestamp) async throws(FirebaseError) -> FirebaseCustomToken {
        guard !accounts.isEmpty else {
            throw .named("OPERATION_NOT_ALLOWED", "custom tokens are not accepted: no service account is configured")
        }
        guard token.utf8.count <= Self.maximumLength else { throw Self.invalid("Invalid assertion format") }
        let unverified: (header: JWTHeader, payload: JWTClaimsPayload, signature: Data)
        do {
            unverified = try DefaultJWTParser().parse([UInt8](token.utf8), as: JWTClaimsPayload.self)
        } catch {
            throw Self.invalid("Invalid assertion format. 3 dot separated segments required.")
        }
        guard unverified.header.alg == "RS256" else { throw Self.invalid("the token must be signed with RS256") }
        guard case .string(let issuer)? = unverified.payload.claims["iss"] else { throw Self.invalid("the token has no issuer") }
        let signers = accounts.filter { $0.clientEmail == issuer }
        guard !signers.isEmpty else { throw Self.invalid("the token is not signed by a service account this server trusts") }
        let claims = try await verifiedClaims(of: token, by: signers)
        return try Self.check(claims, issuer: issuer, now: now)
    }

    /// The payload, once the signature verifies with one of the issuer's keys.
    private func verifiedClaims(of token: String, by signers: [FirebaseServiceAccount]) async throws(FirebaseError) -> [String: JSONValue] {
        let collection = JWTKeyCollection()
        for signer in signers {
            await collection.add(rsa: signer.publicKey, digestAlgorithm: .sha256, kid: signer.keyId.map { JWKIdentifier(string: $0) })
        }
        do {
            return try await collection.verify(token, as: JWTClaimsPayload.self, iteratingKeys: true).claims
        } catch {
            throw Self.invalid("the token's signature does not verify")
        }
    }

    /// The claims' checks, against the server's clock.
    static func check(_ claims: [String: JSONValue], issuer: String, now: Timestamp) throws(FirebaseError) -> FirebaseCustomToken {
        guard case .string(issuer)? = claims["sub"] else { throw invalid("the token's sub must be its issuer") }
        guard case .string(audience)? = claims["aud"] else {
            throw .named("CREDENTIAL_MISMATCH", "The custom token corresponds to a different audience.")
        }
        guard let issuedAt = seconds(claims["iat"]), let expiresAt = seconds(claims["exp"]) else {
            throw invalid("the token needs numeric iat and exp")
        }
        let current = now.secondsSinceEpoch
        guard issuedAt <= current + clockSkew else { throw invalid("the token was issued in the future") }
        guard expiresAt > current else { throw invalid("Token expired") }
        guard expiresAt - issuedAt <= maximumLifetime else { throw invalid("the token's lifetime exceeds one hour") }
        if claims["tenant_id"] != nil { throw .named("TENANT_ID_MISMATCH") }
        guard case .string(let uid)? = claims["uid"], (1...128).contains(uid.count) else {
            throw invalid("the token needs a uid of 1 to 128 characters")
        }
        return FirebaseCustomToken(uid: uid, developerClaims: try developerClaims(claims["claims"]))
    }

    /// The token's `claims`: an object (or none), of at most 1,000 bytes, naming no reserved claim.
    static func developerClaims(_ value: JSONValue?) throws(FirebaseError) -> [String: JSONValue] {
        guard let value, value != .null else { return [:] }
        guard case .object(let claims) = value else { throw invalid("the token's claims must be an object") }
        if let reserved = claims.keys.sorted().first(where: reservedClaims.contains) {
            throw invalid("Developer claim \(reserved) is reserved and cannot be specified.")
        }
        guard let encoded = try? JSONEncoder().encode(claims), encoded.count <= developerClaimsLimit else {
            throw invalid("the token's claims exceed \(developerClaimsLimit) bytes")
        }
        return claims
    }

    private static func seconds(_ value: JSONValue?) -> Int64? {
        guard case .number(let number)? = value, number.isFinite, abs(number) < 1e15 else { return nil }
        return Int64(number.rounded(.down))
    }

    private static func invalid(_ detail: String) -> FirebaseError {
        .named("INVALID_CUSTOM_TOKEN", detail)
    }
}
