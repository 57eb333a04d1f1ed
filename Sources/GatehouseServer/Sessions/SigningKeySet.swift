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

/// The JWT keys of `GATEHOUSE_JWT_KEYS` (GoTrue's `GOTRUE_JWT_KEYS`), or the development key:
/// exactly one key signs new tokens, the others only verify (old keys kept during a rotation).
public struct SigningKeySet: Sendable {
    let keys: [SigningKey]

    /// The key new tokens are signed with.
    var signingKey: SigningKey { keys.first(where: \.signs)! }

    init(keys: [SigningKey]) {
        self.keys = keys
    }

    /// Reads GoTrue's format: a JSON array of private JWKs (a `{"keys": [...]}` set is taken too).
    /// Each needs `kty`, `kid` and its material; `alg` RS256, ES256 or HS256 (RSA defaults to
    /// RS256, EC to ES256, oct to HS256); `key_ops` with `sign` on exactly one key, which must
    /// hold its private half. Any other input is a start-up error naming the problem.
    static func parse(_ text: String, setting name: String) throws -> SigningKeySet {
        func fail(_ reason: String) -> ConfigurationError { ConfigurationError("\(name): \(reason)") }
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            throw fail("not valid JSON (expected a JSON array of JWKs, as GOTRUE_JWT_KEYS)")
        }
        let list: [Any]
        if let array = json as? [Any] {
            list = array
        } else if let set = json as? [String: Any], let array = set["keys"] as? [Any] {
            list = array
        } else {
            throw fail("expected a JSON array of JWKs (or a JWK set with \"keys\")")
        }
        guard !list.isEmpty else { throw fail("the key list is empty") }
        var keys: [SigningKey] = []
        for (index, item) in list.enumerated() {
            guard let members = item as? [String: Any] else { throw fail("key \(index + 1) is not a JSON object") }
            let key = try JWKReader(members: members, position: index + 1, fail: fail).read()
            if keys.contains(where: { $0.kid == key.kid }) { throw fail("two keys have the kid \"\(key.kid)\"") }
            keys.append(key)
        }
        let signing = keys.filter(\.signs)
        guard !signing.isEmpty else { throw fail("no signing key detected (one key needs \"sign\" in its key_ops)") }
        guard signing.count == 1 else {
            throw fail("multiple signing keys detected (\(signing.map(\.kid).joined(separator: ", "))); only one key may sign")
        }
        guard signing[0].hasPrivateMaterial else {
            throw fail("the signing key \"\(signing[0].kid)\" has no private part (RSA needs \"d\", EC needs \"d\")")
        }
        return SigningKeySet(keys: keys)
    }
}

/// One JWK object of the setting turned into a `SigningKey`, or the reason it cannot be.
private struct JWKReader {
    let members: [String: Any]
    let position: Int
    let fail: (String) -> ConfigurationError

    func read() throws -> SigningKey {
        guard let kty = members["kty"] as? String else { throw fail("key \(position) has no \"kty\"") }
        guard let kid = members["kid"] as? String, !kid.isEmpty else {
            throw fail("key \(position) has no \"kid\" (tokens name their key by it)")
        }
        let keyOps = members["key_ops"] as? [String] ?? []
        let signs = keyOps.contains("sign")
        let algorithm = try self.algorithm(kty: kty, kid: kid)
        let material: SigningKey.Material
        do {
            material = try read(kty: kty, kid: kid)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw fail("key \"\(kid)\" is not a usable \(algorithm.rawValue) key (\(error))")
        }
        return SigningKey(kid: kid, algorithm: algorithm, signs: signs, material: material)
    }

    private func algorithm(kty: String, kid: String) throws -> SigningKey.Algorithm {
        let expected: SigningKey.Algorithm
        switch kty {
        case "RSA": expected = .rs256
        case "EC": expected = .es256
        case "oct": expected = .hs256
        default: throw fail("key \"\(kid)\" has kty \"\(kty)\"; RSA (RS256), EC (ES256) and oct (HS256) are supported")
        }
        if let alg = members["alg"] as? String, alg != expected.rawValue {
            throw fail("key \"\(kid)\" has alg \"\(alg)\"; a \(kty) key must be \(expected.rawValue)")
        }
        return expected
    }

    private func string(_ member: String) -> String? { members[member] as? String }

    private func read(kty: String, kid: String) throws -> SigningKey.Material {
        switch kty {
        case "RSA":
            guard let n = string("n"), let e = string("e") else { throw fail("key \"\(kid)\" lacks \"n\" or \"e\"") }
            guard let d = string("d") else { return .rsaPublic(try JWTKit.Insecure.RSA.PublicKey(modulus: n, exponent: e)) }
            if let p = string("p"), let q = string("q") {
                return .rsaPrivate(try JWTKit.Insecure.RSA.PrivateKey(modulus: n, exponent: e, privateExponent: d, prime1: p, prime2: q))
            }
            return .rsaPrivate(try JWTKit.Insecure.RSA.PrivateKey(modulus: n, exponent: e, privateExponent: d))
        case "EC":
            guard string("crv") == "P-256" else { throw fail("key \"\(kid)\" must have crv \"P-256\" (ES256)") }
            guard let x = string("x"), let y = string("y") else { throw fail("key \"\(kid)\" lacks \"x\" or \"y\"") }
            let publicKey = try ES256PublicKey(parameters: (x, y))
            guard let d = string("d") else { return .ecPublic(publicKey) }
            let privateKey = try ES256PrivateKey(key: d)
            // A private scalar that is not the published point's would sign tokens nobody can verify.
            guard privateKey.publicKey == publicKey else { throw fail("key \"\(kid)\": \"d\" does not match \"x\"/\"y\"") }
            return .ecPrivate(privateKey)
        default:
            guard let k = string("k"), let bytes = Base64URL.decode(k), bytes.count >= 32 else {
                throw fail("key \"\(kid)\" needs \"k\": base64url of at least 32 bytes")
            }
            return .hmac([UInt8](bytes))
        }
    }
}
