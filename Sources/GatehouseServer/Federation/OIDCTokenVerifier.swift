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
import Logging

/// Checks ID tokens of the configured OpenID Connect providers (Apple, Google, an operator's
/// issuer): the signature by a key of the issuer's JWKS (jwt-kit does the cryptography), then
/// the claims (`IDTokenClaimChecks`).
struct OIDCTokenVerifier: IDTokenVerifying {
    let discovery: ProviderDiscovery
    let keySets: ProviderDocumentCache<ProviderKeySet>
    let logger: Logger

    init(
        discovery: ProviderDiscovery, fetcher: any ProviderDocumentFetching, logger: Logger,
        timing: ProviderDocumentCache<ProviderKeySet>.Timing = .init(), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.discovery = discovery
        self.keySets = ProviderDocumentCache(fetcher: fetcher, timing: timing, now: now, parse: ProviderKeySet.parse)
        self.logger = logger
    }

    /// The verifier and the endpoints' resolver the server runs with: one fetcher for both.
    static func live(logger: Logger, fetcher: any ProviderDocumentFetching = HTTPDocumentFetcher()) -> OIDCTokenVerifier {
        OIDCTokenVerifier(discovery: ProviderDiscovery(fetcher: fetcher), fetcher: fetcher, logger: logger)
    }

    func verify(idToken: String, from provider: IdentityProvider, nonce: String?, now: Timestamp) async throws(AuthError)
        -> VerifiedIdentity
    {
        let header = try IDTokenHeader(token: idToken)
        let jwksURL = try await logged(provider) { () async throws(AuthError) in try await discovery.jwksURL(of: provider) }
        var selection = try await keys(at: jwksURL, of: provider).candidates(for: header)
        if case .unknownKey = selection, let newer = try await newerKeys(at: jwksURL, of: provider) {
            selection = newer.candidates(for: header)
        }
        let claims: [String: JSONValue]
        switch selection {
        case .unknownKey: throw .idTokenRefused("it is signed by a key the provider does not publish (kid)")
        case .algorithmMismatch: throw .idTokenRefused("its signing algorithm is not the one of the provider's key (alg)")
        case .keys(let candidates): claims = try await verifiedClaims(of: idToken, byOneOf: candidates)
        }
        try IDTokenClaimChecks(provider: provider, nonce: nonce, now: now).check(claims)
        return VerifiedIdentity(provider: provider.name, checkedClaims: claims)
    }

    /// The payload, when one of `candidates` verifies the signature.
    private func verifiedClaims(of token: String, byOneOf candidates: [JWK]) async throws(AuthError) -> [String: JSONValue] {
        for jwk in candidates {
            let collection = JWTKeyCollection()
            do {
                try await collection.add(jwk: jwk)
            } catch {
                // A published key jwt-kit cannot load (a bad modulus, a point off the curve).
                logger.warning("an identity provider publishes a signing key that cannot be used", metadata: ["error": "\(error)"])
                continue
            }
            do {
                return try await collection.verify(token, as: JWTClaimsPayload.self).claims
            } catch let error as JWTError where error.errorType == .malformedToken {
                throw .idTokenRefused("it is malformed (its parts are not base64url JSON)")
            } catch {
                continue
            }
        }
        throw .idTokenRefused("its signature does not verify")
    }

    private func keys(at url: String, of provider: IdentityProvider) async throws(AuthError) -> ProviderKeySet {
        try await logged(provider) { () async throws(AuthError) in
            do {
                return try await keySets.document(at: url)
            } catch {
                throw .providerUnreachable(provider, "its signing keys could not be fetched")
            }
        }
    }

    /// A fresh copy of the keys for a token naming an unknown one; nil when they were fetched
    /// moments ago.
    private func newerKeys(at url: String, of provider: IdentityProvider) async throws(AuthError) -> ProviderKeySet? {
        try await logged(provider) { () async throws(AuthError) in
            do {
                return try await keySets.refreshed(at: url)
            } catch {
                throw .providerUnreachable(provider, "its signing keys could not be fetched")
            }
        }
    }

    /// Runs `body`, logging a provider that cannot be reached: the caller's error names no URL,
    /// the log line names the provider's issuer for the operator.
    private func logged<T>(_ provider: IdentityProvider, _ body: () async throws(AuthError) -> T) async throws(AuthError) -> T {
        do {
            return try await body()
        } catch {
            if error.kind == .unavailable {
                logger.warning(
                    "identity provider unavailable",
                    metadata: [
                        "provider": "\(provider.name)", "issuer": "\(provider.issuer)", "error": "\(AuthErrorWording.text(for: error))",
                    ])
            }
            throw error
        }
    }
}

/// Every claim of a token, as JSON, once jwt-kit has checked its signature. The claims are
/// checked by the caller against the server's clock (`IDTokenClaimChecks`, the custom-token
/// verifier), so jwt-kit's own checks are not used.
struct JWTClaimsPayload: JWTPayload {
    var claims: [String: JSONValue]

    init(from decoder: any Decoder) throws {
        claims = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(claims)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
