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
import Testing

@testable import GatehouseServer

/// Where a provider's keys and endpoints come from: its settings, else its issuer's discovery
/// document, which must be that issuer's and name https endpoints when the issuer is https.
@Suite("JWKS discovery")
struct JWKSDiscoveryTests {
    typealias Issuer = IDTokenTestIssuer
    static let discoveryURL = "https://issuer.test/.well-known/openid-configuration"

    static func discoveryDocument(
        issuer: String = Issuer.issuer, jwks: String = "https://issuer.test/discovered-keys", token: String? = "https://issuer.test/token"
    ) -> Data {
        var fields: [String: JSONValue] = [
            "issuer": .string(issuer), "jwks_uri": .string(jwks), "authorization_endpoint": .string("https://issuer.test/authorize"),
            "response_types_supported": .array([.string("code")]),
        ]
        if let token { fields["token_endpoint"] = .string(token) }
        return try! JSONEncoder().encode(JSONValue.object(fields))
    }

    static func discovered(_ provider: IdentityProvider = Issuer.provider()) -> IdentityProvider {
        var provider = provider
        provider.jwksURL = nil
        return provider
    }

    @Test("endpoints named in the settings are used as they are, with no fetch")
    func configured() async throws {
        let documents = FakeProviderDocuments()
        var provider = Issuer.provider()
        provider.authorizationURL = "https://issuer.test/a"
        provider.tokenURL = "https://issuer.test/t"
        let endpoints = try await ProviderDiscovery(fetcher: documents).endpoints(of: provider)
        #expect(
            endpoints
                == ProviderEndpoints(jwksURL: Issuer.jwksURL, authorizationURL: "https://issuer.test/a", tokenURL: "https://issuer.test/t"))
        #expect(try await ProviderDiscovery(fetcher: documents).jwksURL(of: Issuer.provider()) == Issuer.jwksURL)
        #expect(documents.fetches(Self.discoveryURL) == 0)
    }

    @Test("missing endpoints come from the issuer's discovery document, fetched once; a setting still wins")
    func fromDiscovery() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.discoveryURL, Self.discoveryDocument(), maxAge: 600)
        let discovery = ProviderDiscovery(fetcher: documents)
        var provider = Self.discovered()
        provider.tokenURL = "https://issuer.test/configured-token"
        let endpoints = try await discovery.endpoints(of: provider)
        #expect(endpoints.jwksURL == "https://issuer.test/discovered-keys")
        #expect(
            endpoints.authorizationURL == "https://issuer.test/authorize" && endpoints.tokenURL == "https://issuer.test/configured-token")
        #expect(try await discovery.jwksURL(of: provider) == "https://issuer.test/discovered-keys")
        #expect(documents.fetches(Self.discoveryURL) == 1)
        // An issuer written with a trailing slash: the document's path has no double slash.
        var slashed = Self.discovered(Issuer.provider(issuer: Issuer.issuer + "/"))
        slashed.name = "slashed"
        documents.set(Self.discoveryURL, Self.discoveryDocument(issuer: Issuer.issuer + "/"))
        #expect(try await ProviderDiscovery(fetcher: documents).jwksURL(of: slashed) == "https://issuer.test/discovered-keys")
        #expect(OpenIDConfiguration.url(of: "https://issuer.test/tenant/") == "https://issuer.test/tenant/.well-known/openid-configuration")
    }

    @Test("a discovery document without a token endpoint leaves it nil (no web flow)")
    func noTokenEndpoint() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.discoveryURL, Self.discoveryDocument(token: nil))
        #expect(try await ProviderDiscovery(fetcher: documents).endpoints(of: Self.discovered()).tokenURL == nil)
    }

    @Test("a document naming another issuer, or http endpoints for an https issuer, is refused as unavailable")
    func refusedDocuments() async {
        for document in [
            Self.discoveryDocument(issuer: "https://evil.test"),
            Self.discoveryDocument(jwks: "http://issuer.test/keys"),
            Self.discoveryDocument(token: "javascript:alert(1)"),
            Data("not json".utf8),
        ] {
            let documents = FakeProviderDocuments()
            documents.set(Self.discoveryURL, document)
            do throws(AuthError) {
                _ = try await ProviderDiscovery(fetcher: documents).endpoints(of: Self.discovered())
                Issue.record("accepted \(String(decoding: document, as: UTF8.self))")
            } catch {
                #expect(error.kind == .unavailable && (error.detail ?? "").contains("Acme"))
                #expect(!(error.detail ?? "").contains("evil.test") && !(error.detail ?? "").contains("issuer.test"))
            }
        }
        #expect(ProviderDiscovery.isAsStrict("http://127.0.0.1:8080/keys", as: "http://127.0.0.1:8080"))
        #expect(!ProviderDiscovery.isAsStrict("http://127.0.0.1:8080/keys", as: "https://127.0.0.1:8080"))
    }

    @Test("a token is verified by the keys the discovery document points to")
    func verifiesThroughDiscovery() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.discoveryURL, Self.discoveryDocument())
        documents.set("https://issuer.test/discovered-keys", Issuer.shared.jwks())
        let identity = try await Issuer.outcome(Issuer.shared.token(), provider: Self.discovered(), verifier: Issuer.verifier(documents))
            .get()
        #expect(identity.subject == "subject-1")
        #expect(documents.fetches(Issuer.jwksURL) == 0)
    }
}
