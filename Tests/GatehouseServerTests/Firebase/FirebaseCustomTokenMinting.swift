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
import GatehouseCore

@testable import GatehouseServer

/// Custom tokens as firebase-admin's `create_custom_token` mints them (RS256, `kid` = the key's
/// id, `iss` = `sub` = the service account, the Identity Toolkit's `aud`, `uid`, `claims`, an
/// hour's lifetime), signed here with a service account's key, or not, so a test can make a
/// token that fails one check only.
enum FirebaseCustomTokenMinting {
    static let clientEmail = "backend@gatehouse-dev.iam.gserviceaccount.com"
    static let keyId = "0123456789abcdef"
    // 2048 bits: the smallest size swift-crypto's RSA accepts for signatures.
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let otherKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// A service-account file as Google's console writes it, for `key`.
    static func serviceAccountFile(
        key: _RSA.Signing.PrivateKey = key, clientEmail: String = clientEmail, keyId: String = keyId
    ) -> Data {
        let file: [String: JSONValue] = [
            "type": .string("service_account"), "project_id": .string("gatehouse-dev"), "private_key_id": .string(keyId),
            "private_key": .string(key.pemRepresentation), "client_email": .string(clientEmail),
            "client_id": .string("1234567890"), "token_uri": .string("https://oauth2.googleapis.com/token"),
        ]
        return try! JSONEncoder().encode(JSONValue.object(file))
    }

    /// The trusted account of `key`, as the setting reads it.
    static func account(key: _RSA.Signing.PrivateKey = key, clientEmail: String = clientEmail) throws -> FirebaseServiceAccount {
        try FirebaseServiceAccount.parse(serviceAccountFile(key: key, clientEmail: clientEmail), source: "test")
    }

    /// A server configuration that trusts `key`'s service account.
    static func trusting(_ configuration: inout ServerConfiguration) {
        configuration.firebase.serviceAccounts = [try! account()]
    }

    /// Claims firebase-admin writes for `uid`, issued at `now`, with `changes` applied (nil removes).
    static func claims(uid: String, now: Timestamp, _ changes: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        let seconds = Double(now.secondsSinceEpoch)
        var claims: [String: JSONValue] = [
            "iss": .string(clientEmail), "sub": .string(clientEmail), "aud": .string(FirebaseCustomTokenVerifier.audience),
            "uid": .string(uid), "iat": .number(seconds), "exp": .number(seconds + 3600),
        ]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    enum Signature {
        case trusted
        /// Signed by a key no configured account has.
        case otherKey
        /// HMAC-SHA256 keyed with the trusted public key's PEM: the algorithm-confusion attack.
        case hmacWithPublicKey
        /// No signature (`alg: none`).
        case none
    }

    static func token(_ claims: [String: JSONValue], alg: String = "RS256", kid: String? = keyId, signature: Signature = .trusted)
        -> String
    {
        var header: [String: JSONValue] = ["alg": .string(alg), "typ": .string("JWT")]
        if let kid { header["kid"] = .string(kid) }
        let input = part(.object(header)) + "." + part(.object(claims))
        let data = Data(input.utf8)
        let signed: Data
        switch signature {
        case .trusted: signed = try! key.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        case .otherKey: signed = try! otherKey.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
        case .hmacWithPublicKey:
            let secret = SymmetricKey(data: Data(key.publicKey.pemRepresentation.utf8))
            signed = Data(HMAC<SHA256>.authenticationCode(for: data, using: secret))
        case .none: signed = Data()
        }
        return input + "." + Base64URL.encode(signed)
    }

    private static func part(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Base64URL.encode(try! encoder.encode(value))
    }
}
