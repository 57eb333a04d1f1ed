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

/// The keys access tokens are signed with.
extension ServerSettings {
    static let keys: [any SettingDescription] = [jwtKeys]

    static let jwtKeys = Setting<SigningKeySet?>(
        "GATEHOUSE_JWT_KEYS", default: nil,
        shown: "none: HS256 with `GATEHOUSE_JWT_SECRET`; in development without that secret, an RS256 key made once in the "
            + "data folder (Firebase ID tokens use that key in development either way)",
        accepted: "a JSON array of private JWKs, as GoTrue's `GOTRUE_JWT_KEYS`: RSA (RS256), EC P-256 (ES256), "
            + "oct (HS256), each with a `kid`; exactly one with `sign` in `key_ops`",
        help: "signing keys: new tokens are signed by the `sign` key with its `kid`; the others only verify (rotation). "
            + "`/.well-known/jwks.json` publishes the public keys. Tokens without a known `kid` are checked against "
            + "`GATEHOUSE_JWT_SECRET` (HS256), so `gatehouse keys` keys keep working",
        secret: true
    ) { try SigningKeySet.parse($0, setting: "GATEHOUSE_JWT_KEYS") }
}

extension ServerConfiguration {
    /// The keys GoTrue's access tokens (and `gatehouse keys`' keys) are signed with and Firebase's
    /// ID tokens, when they differ.
    struct TokenKeys {
        /// nil: HS256 with the secret, as GoTrue without `GOTRUE_JWT_KEYS`.
        var accessTokens: SigningKeySet?
        /// Firebase's own, when not `accessTokens`: the development key pair beside HS256 access tokens.
        var separateFirebaseKeys: SigningKeySet?
    }

    /// `GATEHOUSE_JWT_KEYS` for every token; else in development the key pair kept in the data
    /// folder (made here, at start-up, not when the settings are read), for access tokens only
    /// without `GATEHOUSE_JWT_SECRET`; else HS256 with the secret, as production signs.
    func tokenKeys() throws -> TokenKeys {
        if let jwtKeys { return TokenKeys(accessTokens: jwtKeys) }
        guard usesDevelopmentSigningKey else { return TokenKeys() }
        let development = try DevelopmentSigningKey.loadOrCreate(in: dataDirectory)
        return developmentKeySignsAccessTokens
            ? TokenKeys(accessTokens: development) : TokenKeys(accessTokens: nil, separateFirebaseKeys: development)
    }

    /// The keys access tokens are signed with (`tokenKeys().accessTokens`).
    func signingKeySet() throws -> SigningKeySet? {
        try tokenKeys().accessTokens
    }
}
