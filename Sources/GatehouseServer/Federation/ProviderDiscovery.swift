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

/// A provider's endpoints: the ones its settings name, the rest from its issuer's discovery
/// document, fetched only when a setting is missing and then cached as the issuer says.
struct ProviderDiscovery: Sendable {
    let documents: ProviderDocumentCache<OpenIDConfiguration>

    init(
        fetcher: any ProviderDocumentFetching, timing: ProviderDocumentCache<OpenIDConfiguration>.Timing = .init(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        documents = ProviderDocumentCache(fetcher: fetcher, timing: timing, now: now, parse: OpenIDConfiguration.parse)
    }

    /// The signing keys' URL, the authorization and token endpoints of `provider`.
    func endpoints(of provider: IdentityProvider) async throws(AuthError) -> ProviderEndpoints {
        if let jwks = provider.jwksURL, provider.authorizationURL != nil, provider.tokenURL != nil {
            return ProviderEndpoints(jwksURL: jwks, authorizationURL: provider.authorizationURL, tokenURL: provider.tokenURL)
        }
        let discovered = try await configuration(of: provider)
        return ProviderEndpoints(
            jwksURL: provider.jwksURL ?? discovered.jwksURI,
            authorizationURL: provider.authorizationURL ?? discovered.authorizationEndpoint,
            tokenURL: provider.tokenURL ?? discovered.tokenEndpoint)
    }

    /// Where `provider`'s signing keys are (the ID-token check needs nothing else).
    func jwksURL(of provider: IdentityProvider) async throws(AuthError) -> String {
        if let jwks = provider.jwksURL { return jwks }
        return try await configuration(of: provider).jwksURI
    }

    /// The discovery document, checked: it must be the configured issuer's, and name endpoints no
    /// weaker than the issuer's own scheme (an https issuer cannot hand out http endpoints).
    private func configuration(of provider: IdentityProvider) async throws(AuthError) -> OpenIDConfiguration {
        let configuration: OpenIDConfiguration
        do {
            configuration = try await documents.document(at: OpenIDConfiguration.url(of: provider.issuer))
        } catch {
            throw .providerUnreachable(provider, "its discovery document could not be fetched")
        }
        guard configuration.issuer == provider.issuer else {
            throw .providerUnreachable(provider, "its discovery document names another issuer")
        }
        let endpoints = [configuration.jwksURI] + [configuration.authorizationEndpoint, configuration.tokenEndpoint].compactMap { $0 }
        guard endpoints.allSatisfy({ Self.isAsStrict($0, as: provider.issuer) }) else {
            throw .providerUnreachable(provider, "its discovery document names endpoints that are not https")
        }
        return configuration
    }

    /// An http(s) URL with a host, https whenever the issuer is.
    static func isAsStrict(_ endpoint: String, as issuer: String) -> Bool {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return false
        }
        let issuerScheme = URL(string: issuer)?.scheme?.lowercased()
        return scheme == "https" || (scheme == "http" && issuerScheme == "http")
    }
}

extension AuthError {
    /// The provider could not be asked (its keys or discovery document): a failure of ours or
    /// theirs, not the caller's. Names the provider, never a URL (it may carry a secret).
    static func providerUnreachable(_ provider: IdentityProvider, _ what: String) -> AuthError {
        AuthError(.unexpectedFailure, kind: .unavailable, "\(provider.displayName) sign-in is unavailable right now: \(what)")
    }
}
