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

/// The parts of an issuer's discovery document (`<issuer>/.well-known/openid-configuration`)
/// Gatehouse uses.
struct OpenIDConfiguration: Sendable, Equatable, Decodable {
    var issuer: String
    var jwksURI: String
    var authorizationEndpoint: String?
    var tokenEndpoint: String?

    enum CodingKeys: String, CodingKey {
        case issuer
        case jwksURI = "jwks_uri"
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
    }

    static func parse(_ document: FetchedDocument) throws -> OpenIDConfiguration {
        try JSONDecoder().decode(OpenIDConfiguration.self, from: document.body)
    }

    /// Where `issuer` publishes it: a trailing `/` of the issuer is dropped first (OpenID
    /// Connect Discovery 1.0, section 4).
    static func url(of issuer: String) -> String {
        (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
    }
}

/// Where a provider's keys and the web flow's endpoints are.
struct ProviderEndpoints: Sendable, Equatable {
    var jwksURL: String
    /// Nil when neither the settings nor the discovery document name one: no web flow.
    var authorizationURL: String?
    var tokenURL: String?
}
