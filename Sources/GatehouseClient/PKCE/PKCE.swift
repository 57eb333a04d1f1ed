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

#if canImport(CryptoKit)
    import CryptoKit
#endif

/// RFC 7636 proof key: a random verifier kept on the device, and its S256 challenge sent with
/// the request, so only this device can turn the emailed link's code into a session.
enum PKCE {
    static let method = "s256"

    /// 64 random bytes as base64url: 86 characters of `[A-Za-z0-9_-]` (RFC 7636 allows 43–128).
    static func makeVerifier() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<64).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(Data(bytes))
    }

    static func challenge(for verifier: String) -> String {
        base64URL(sha256(Data(verifier.utf8)))
    }

    static func sha256(_ data: Data) -> Data {
        #if canImport(CryptoKit)
            return Data(SHA256.hash(data: data))
        #else
            return Data(SHA256Digest.hash(Array(data)))
        #endif
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// A verifier waiting for its code, and whether it was made for a password reset (so the
/// exchange can announce `passwordRecovery`, which the PKCE redirect alone cannot tell).
struct StoredCodeVerifier: Codable, Sendable {
    var verifier: String
    var isPasswordRecovery: Bool
    /// The sign-up's "remember me", so the confirmation link's session is kept as chosen.
    var rememberMe: Bool?
}
