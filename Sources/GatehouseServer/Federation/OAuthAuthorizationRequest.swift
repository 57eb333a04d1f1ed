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

import Crypto
import Foundation

/// The provider's authorization request of the web redirect flow (OpenID Connect's code flow):
/// `response_type=code`, the first client id, our callback, the scopes, the state, the nonce's
/// SHA-256 and, for providers that take it, a PKCE challenge of our own. Apple answers with a
/// form post (`response_mode=form_post`), which its `name email` scopes require.
struct OAuthAuthorizationRequest: Sendable, Equatable {
    var endpoint: String
    var clientId: String
    var redirectURI: String
    var scopes: [String]
    var state: String
    /// The raw nonce; the request carries its SHA-256 in hex, as the ID token must.
    var nonce: String
    /// Our PKCE verifier; nil sends no challenge.
    var codeVerifier: String?
    var formPost: Bool
    /// The app's own extra parameters (`prompt`, `login_hint`, …), never one of ours.
    var extraParameters: [(String, String)] = []

    /// Parameters the flow sets itself: an app cannot replace them through `/authorize`'s query.
    static let reservedParameters: Set<String> = [
        "client_id", "client_secret", "redirect_uri", "response_type", "response_mode", "state", "code_challenge",
        "code_challenge_method", "code_verifier", "nonce", "scope",
    ]

    var url: String {
        var items: [(String, String)] = [
            ("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectURI), ("scope", scopes.joined(separator: " ")),
            ("state", state), ("nonce", IDTokenClaimChecks.hashedNonce(nonce)),
        ]
        if let codeVerifier { items += [("code_challenge", Self.challenge(for: codeVerifier)), ("code_challenge_method", "S256")] }
        if formPost { items.append(("response_mode", "form_post")) }
        items += extraParameters.filter { !Self.reservedParameters.contains($0.0.lowercased()) }
        let separator = endpoint.contains("?") ? "&" : "?"
        return endpoint + separator + OAuthFormEncoding.encode(items)
    }

    /// RFC 7636's S256 challenge of a verifier.
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.url == rhs.url }
}

/// `application/x-www-form-urlencoded` as OAuth 2 writes it: every byte outside RFC 3986's
/// unreserved set percent-encoded (a space is `%20`, which Apple's endpoint needs, never `+`).
enum OAuthFormEncoding {
    static func encode(_ items: [(String, String)]) -> String {
        items.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
