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
import CryptoExtras
import Foundation
import JWTKit

/// The development-mode signing key: an RSA-2048 key pair (RS256, which Firebase's tokens need
/// too) made once and kept in the data folder as `jwt-signing-key.pem` (PKCS#8, 0600), so that
/// `/.well-known/jwks.json` works out of the box and tokens stay valid across restarts. Its `kid`
/// is the key's RFC 7638 thumbprint, so the same file always yields the same `kid`.
enum DevelopmentSigningKey {
    static let fileName = "jwt-signing-key.pem"

    static func loadOrCreate(in directory: String) throws -> SigningKeySet {
        let path = directory + "/" + fileName
        try PrivateFiles.prepareDirectory(directory)
        let key: JWTKit.Insecure.RSA.PrivateKey
        if let pem = try? String(contentsOfFile: path, encoding: .utf8), !pem.isEmpty {
            do {
                key = try JWTKit.Insecure.RSA.PrivateKey(pem: pem)
            } catch {
                throw ConfigurationError(
                    "\(path) is not an RSA private key (PEM); remove it to have a new development key made")
            }
            try PrivateFiles.prepareFile(path)
        } else {
            key = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            // An empty leftover is replaced; the new file is 0600 from its creation.
            try? FileManager.default.removeItem(atPath: path)
            try PrivateFiles.createFile(path, contents: Data(key.pemRepresentation.utf8))
        }
        let signing = SigningKey(kid: try thumbprint(of: key.publicKey), algorithm: .rs256, signs: true, material: .rsaPrivate(key))
        return SigningKeySet(keys: [signing])
    }

    /// RFC 7638: SHA-256 over `{"e":…,"kty":"RSA","n":…}`, base64url.
    static func thumbprint(of key: JWTKit.Insecure.RSA.PublicKey) throws -> String {
        let primitives = try key.getKeyPrimitives()
        let canonical =
            "{\"e\":\"\(Base64URL.encode(primitives.publicExponent))\",\"kty\":\"RSA\",\"n\":\"\(Base64URL.encode(primitives.modulus))\"}"
        return Base64URL.encode(Data(SHA256.hash(data: Data(canonical.utf8))))
    }
}
