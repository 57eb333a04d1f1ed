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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The provider's authorization request a flow's start redirected to, as the provider reads it.
struct OAuthAuthorizationSent: Sendable {
    let location: String
    let parameters: [String: String]

    init(_ reply: Reply) throws {
        try #require(reply.status == .found || reply.status == .seeOther, "\(reply)")
        location = try #require(reply.header("Location"))
        let items = URLComponents(string: location)?.queryItems ?? []
        parameters = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    var state: String { parameters["state"] ?? "" }
    /// The hashed nonce the ID token must carry.
    var nonce: String? { parameters["nonce"] }
    var codeChallenge: String? { parameters["code_challenge"] }
}

/// Where a callback sent the browser: its query and fragment, read as an app would.
struct OAuthLanding: Sendable {
    let location: String
    let query: [String: String]
    let fragment: [String: String]

    init(_ reply: Reply) throws {
        location = try #require(reply.header("Location"), "\(reply)")
        let components = URLComponents(string: location)
        query = Self.pairs(components?.queryItems ?? [])
        var fragmentParts = URLComponents()
        fragmentParts.percentEncodedQuery = components?.percentEncodedFragment
        fragment = Self.pairs(fragmentParts.queryItems ?? [])
    }

    /// The location without query or fragment.
    var base: String {
        String(location.prefix { $0 != "?" && $0 != "#" })
    }

    private static func pairs(_ items: [URLQueryItem]) -> [String: String] {
        Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

extension WebFormClient {
    /// GETs a flow's start (`/auth/v1/authorize?…`, a page's button) and reads the provider's request.
    mutating func startFlow(_ path: String, bearer: String? = nil) async throws -> OAuthAuthorizationSent {
        var headers: HTTPFields = [:]
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try OAuthAuthorizationSent(try await get(path, headers: headers))
    }

    /// The provider's redirect back: `GET /auth/v1/callback?code=…&state=…`.
    mutating func callback(code: String, state: String) async throws -> Reply {
        try await get("/auth/v1/callback?code=\(Self.escape(code))&state=\(Self.escape(state))")
    }

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
    }
}

/// The server settings of these tests: `provider` enabled, a site URL and one allowed app URL.
enum OAuthTestSettings {
    static let site = "https://app.example.com"
    static let app = "https://app.example.com/auth/done"

    static func configure(_ configuration: inout ServerConfiguration, providers: [IdentityProvider]) {
        configuration.siteURL = site
        configuration.redirectAllowList = ["https://app.example.com/**"]
        configuration.external = ExternalProviders(providers: providers)
    }
}
