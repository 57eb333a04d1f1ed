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

/// Where a Firebase Auth API answers: Google's hosts, or any server that serves the same paths
/// under its own root (Gatehouse, the Auth emulator): `<root>/identitytoolkit.googleapis.com/v1`
/// and `<root>/securetoken.googleapis.com/v1`.
public struct FirebaseEndpoints: Sendable, Equatable {
    /// The Identity Toolkit v1 root; RPCs are `<identityToolkit>/accounts:<rpc>`.
    public var identityToolkit: URL
    /// The Secure Token v1 root; refreshes go to `<secureToken>/token`.
    public var secureToken: URL
    /// The Web API key, sent as `key=` on every call.
    public var apiKey: String

    public init(identityToolkit: URL, secureToken: URL, apiKey: String) {
        self.identityToolkit = identityToolkit
        self.secureToken = secureToken
        self.apiKey = apiKey
    }

    /// Google's service: `https://identitytoolkit.googleapis.com/v1/accounts:…?key=`.
    public static func google(apiKey: String) -> FirebaseEndpoints {
        FirebaseEndpoints(
            identityToolkit: URL(string: "https://identitytoolkit.googleapis.com/v1")!,
            secureToken: URL(string: "https://securetoken.googleapis.com/v1")!, apiKey: apiKey)
    }

    /// A server that serves Google's paths under its root, as Gatehouse and the Auth emulator
    /// do: `<baseURL>/identitytoolkit.googleapis.com/v1/accounts:…?key=`.
    public static func server(baseURL: URL, apiKey: String) -> FirebaseEndpoints {
        FirebaseEndpoints(
            identityToolkit: baseURL.appendingPathComponent("identitytoolkit.googleapis.com/v1"),
            secureToken: baseURL.appendingPathComponent("securetoken.googleapis.com/v1"), apiKey: apiKey)
    }

    /// `<identityToolkit>/accounts:<rpc>?key=<apiKey>`. Built as text: `accounts:signUp` is one
    /// path segment whose colon must stay a colon.
    func accounts(_ rpc: String) throws -> URL {
        try url(identityToolkit, path: "accounts:\(rpc)")
    }

    /// `<secureToken>/token?key=<apiKey>`.
    func token() throws -> URL {
        try url(secureToken, path: "token")
    }

    private func url(_ root: URL, path: String) throws -> URL {
        var text = root.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard var components = URLComponents(string: "\(text)/\(path)") else {
            throw AuthClientError.invalidLink("cannot build a URL for \(path)")
        }
        components.queryItems = [URLQueryItem(name: "key", value: apiKey)]
        guard let url = components.url else { throw AuthClientError.invalidLink("cannot build a URL for \(path)") }
        return url
    }
}
