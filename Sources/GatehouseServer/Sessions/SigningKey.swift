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
import JWTKit

/// One key of the server's JWT key set: what it signs or verifies with, its `kid`, and the public
/// half it publishes at `/.well-known/jwks.json` (none for a symmetric key).
public struct SigningKey: Sendable {
    /// The algorithms a configured key may use: the ones the official clients' `get_claims`
    /// understands (supabase-py accepts RS256, ES256 and HS256 headers only).
    public enum Algorithm: String, Sendable, CaseIterable {
        case rs256 = "RS256"
        case es256 = "ES256"
        case hs256 = "HS256"
    }

    /// The key material, as jwt-kit holds it.
    enum Material: Sendable {
        case rsaPrivate(JWTKit.Insecure.RSA.PrivateKey)
        case rsaPublic(JWTKit.Insecure.RSA.PublicKey)
        case ecPrivate(ES256PrivateKey)
        case ecPublic(ES256PublicKey)
        case hmac([UInt8])
    }

    let kid: String
    let algorithm: Algorithm
    /// `sign` in the key's `key_ops`: the one key new tokens are signed with.
    let signs: Bool
    let material: Material

    /// Whether the key can sign at all (private material, or a symmetric key).
    var hasPrivateMaterial: Bool {
        switch material {
        case .rsaPrivate, .ecPrivate, .hmac: true
        case .rsaPublic, .ecPublic: false
        }
    }

    /// Adds the key to jwt-kit's collection under its `kid`.
    func add(to keys: JWTKeyCollection, serializer: some JWTSerializer) async {
        let kid = JWKIdentifier(string: kid)
        switch material {
        case .rsaPrivate(let key): await keys.add(rsa: key, digestAlgorithm: .sha256, kid: kid, serializer: serializer)
        case .rsaPublic(let key): await keys.add(rsa: key, digestAlgorithm: .sha256, kid: kid, serializer: serializer)
        case .ecPrivate(let key): await keys.add(ecdsa: key, kid: kid, serializer: serializer)
        case .ecPublic(let key): await keys.add(ecdsa: key, kid: kid, serializer: serializer)
        case .hmac(let bytes): await keys.add(hmac: HMACKey(from: bytes), digestAlgorithm: .sha256, kid: kid, serializer: serializer)
        }
    }

    /// The public JWK as GoTrue publishes it (`use: sig`, `key_ops: [verify]`), never a private
    /// member; `nil` for a symmetric key, which has no public half.
    var publicJWK: PublicJWK? {
        switch material {
        case .rsaPrivate(let key): Self.rsaJWK(key.publicKey, kid: kid)
        case .rsaPublic(let key): Self.rsaJWK(key, kid: kid)
        case .ecPrivate(let key): Self.ecJWK(key.parameters, kid: kid)
        case .ecPublic(let key): Self.ecJWK(key.parameters, kid: kid)
        case .hmac: nil
        }
    }

    private static func rsaJWK(_ key: JWTKit.Insecure.RSA.PublicKey, kid: String) -> PublicJWK? {
        guard let primitives = try? key.getKeyPrimitives() else { return nil }
        return PublicJWK(
            kty: "RSA", alg: Algorithm.rs256.rawValue, kid: kid, n: Base64URL.encode(primitives.modulus),
            e: Base64URL.encode(primitives.publicExponent))
    }

    private static func ecJWK(_ parameters: ECDSAParameters?, kid: String) -> PublicJWK? {
        guard let parameters else { return nil }
        return PublicJWK(kty: "EC", alg: Algorithm.es256.rawValue, kid: kid, crv: "P-256", x: parameters.x, y: parameters.y)
    }
}

/// A public JSON Web Key, with the members GoTrue's JWKS carries (absent ones are left out).
struct PublicJWK: Codable, Sendable, Equatable {
    var kty: String
    var alg: String
    var kid: String
    var use = "sig"
    var keyOps = ["verify"]
    var n: String?
    var e: String?
    var crv: String?
    var x: String?
    var y: String?

    enum CodingKeys: String, CodingKey {
        case kty, alg, kid, use, n, e, crv, x, y
        case keyOps = "key_ops"
    }

    init(kty: String, alg: String, kid: String, n: String? = nil, e: String? = nil, crv: String? = nil, x: String? = nil, y: String? = nil)
    {
        self.kty = kty
        self.alg = alg
        self.kid = kid
        self.n = n
        self.e = e
        self.crv = crv
        self.x = x
        self.y = y
    }
}

/// Unpadded base64url (RFC 7515 §2), as JWK members are written.
enum Base64URL {
    static func encode(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
