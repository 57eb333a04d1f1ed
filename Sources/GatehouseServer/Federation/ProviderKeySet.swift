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
import JWTKit

/// An issuer's published signing keys (its JWKS), with what a key may verify.
///
/// Parsed key by key: a JWKS may also hold encryption keys or algorithms jwt-kit does not know,
/// and those are skipped rather than making every key unusable.
struct ProviderKeySet: Sendable {
    struct Key: Sendable {
        var kid: String?
        var kty: String
        var alg: String?
        var use: String?
        var crv: String?
        var jwk: JWK
    }

    var keys: [Key]

    enum Malformed: Error { case notAKeySet }

    static func parse(_ document: FetchedDocument) throws -> ProviderKeySet {
        guard case .object(let root)? = try? JSONDecoder().decode(JSONValue.self, from: document.body),
            case .array(let entries)? = root["keys"]
        else { throw Malformed.notAKeySet }
        let keys = entries.compactMap { entry -> Key? in
            guard case .object(let fields) = entry, let kty = fields["kty"]?.stringValue,
                let data = try? JSONEncoder().encode(entry), let jwk = try? JSONDecoder().decode(JWK.self, from: data)
            else { return nil }
            return Key(
                kid: fields["kid"]?.stringValue, kty: kty, alg: fields["alg"]?.stringValue, use: fields["use"]?.stringValue,
                crv: fields["crv"]?.stringValue, jwk: jwk)
        }
        return ProviderKeySet(keys: keys)
    }

    /// Which keys may have signed a token with `header`.
    enum Selection {
        /// These, each set up for the token's algorithm alone.
        case keys([JWK])
        /// The token names a key the set does not have (or the set has none).
        case unknownKey
        /// The token's key is there, but not for the token's algorithm.
        case algorithmMismatch
    }

    func candidates(for header: IDTokenHeader) -> Selection {
        let named = header.kid.map { kid in keys.filter { $0.kid == kid } } ?? keys
        guard !named.isEmpty else { return .unknownKey }
        let fitting = named.filter { $0.verifies(header.algorithm) }
        guard !fitting.isEmpty else { return .algorithmMismatch }
        return .keys(
            fitting.map { key in
                var jwk = key.jwk
                // jwt-kit would otherwise take a key without `alg` for whatever the token claims.
                jwk.algorithm = JWK.Algorithm(rawValue: header.algorithm.rawValue)
                jwk.keyIdentifier = JWKIdentifier(string: key.kid ?? "unnamed")
                return jwk
            })
    }
}

extension ProviderKeySet.Key {
    /// A signing key of the type the algorithm needs: RSA for RS256, P-256 for ES256, and no
    /// other algorithm or use declared.
    func verifies(_ algorithm: IDTokenHeader.Algorithm) -> Bool {
        guard use == nil || use == "sig", alg == nil || alg == algorithm.rawValue else { return false }
        switch algorithm {
        case .rs256: return kty == "RSA"
        case .es256: return kty == "EC" && crv == "P-256"
        }
    }
}
