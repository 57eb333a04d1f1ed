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
import GatehouseWebAuthn
import GatehouseWebAuthnTestSupport
import _CryptoExtras

/// A passkey authenticator in software: real keys from swift-crypto, real authenticator data,
/// client data and signatures, with every field open to the tests that need a wrong one.
struct SoftwareAuthenticator {
    enum PrivateKey {
        case p256(P256.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    /// One RSA key for the whole run: generating 2048-bit keys is slow.
    static let sharedRSAKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    let privateKey: PrivateKey
    var credentialID: [UInt8]
    var userID = UUID()
    var aaguid = [UInt8](repeating: 0, count: 16)

    init(_ algorithm: COSEAlgorithm, credentialID: [UInt8] = Array((0..<16).map { UInt8($0 * 7 + 1) })) {
        switch algorithm {
        case .es256: privateKey = .p256(P256.Signing.PrivateKey())
        case .eddsa: privateKey = .ed25519(Curve25519.Signing.PrivateKey())
        case .rs256: privateKey = .rsa(Self.sharedRSAKey)
        }
        self.credentialID = credentialID
    }

    var algorithm: COSEAlgorithm {
        switch privateKey {
        case .p256: .es256
        case .ed25519: .eddsa
        case .rsa: .rs256
        }
    }

    /// The public key as a COSE_Key map (RFC 9053 §7 / RFC 8230 §4 labels).
    var coseKeyValue: CBORValue {
        switch privateKey {
        case .p256(let key):
            let xy = Array(key.publicKey.rawRepresentation)
            return .intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(Array(xy[0..<32]))), (-3, .bytes(Array(xy[32...])))])
        case .ed25519(let key):
            return .intMap([(1, .int(1)), (3, .int(-8)), (-1, .int(6)), (-2, .bytes(Array(key.publicKey.rawRepresentation)))])
        case .rsa(let key):
            let primitives = try! key.publicKey.getKeyPrimitives()
            return .intMap([
                (1, .int(3)), (3, .int(-257)), (-1, .bytes(Array(primitives.modulus))), (-2, .bytes(Array(primitives.publicExponent))),
            ])
        }
    }

    var coseKey: [UInt8] { CBORWriter.encode(coseKeyValue) }

    func sign(_ message: [UInt8]) -> [UInt8] {
        switch privateKey {
        case .p256(let key): Array(try! key.signature(for: message).derRepresentation)
        case .ed25519(let key): Array(try! key.signature(for: message))
        case .rsa(let key): Array(try! key.signature(for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5).rawRepresentation)
        }
    }

    /// aaguid ‖ credentialIdLength ‖ credentialId ‖ COSE key.
    func attestedCredentialData(coseKey key: [UInt8]? = nil) -> [UInt8] {
        aaguid + CBORWriter.bigEndian(UInt64(credentialID.count), 2) + credentialID + (key ?? coseKey)
    }

    static func authenticatorData(rpID: String, flags: AuthenticatorFlags, signCount: UInt32, tail: [UInt8] = []) -> [UInt8] {
        Array(SHA256.hash(data: Array(rpID.utf8))) + [flags.rawValue] + CBORWriter.bigEndian(UInt64(signCount), 4) + tail
    }

    static func clientDataJSON(
        type: String, challenge: [UInt8], origin: String, crossOrigin: Bool? = nil, topOrigin: String? = nil
    ) -> [UInt8] {
        var json = #"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin)""#
        if let crossOrigin { json += #","crossOrigin":\#(crossOrigin)"# }
        if let topOrigin { json += #","topOrigin":"\#(topOrigin)""# }
        return Array((json + "}").utf8)
    }

    /// The user handle GoTrue sets: the UTF-8 bytes of the lower-case UUID string.
    var userHandle: String { Base64URL.encode(Array(userID.uuidString.lowercased().utf8)) }

    func storedCredential(signCount: UInt32 = 0, backupEligible: Bool = false) -> StoredCredential {
        StoredCredential(
            credentialID: credentialID, publicKey: coseKey, signCount: signCount, backupEligible: backupEligible, userID: userID)
    }
}

/// The relying party every test uses unless it says otherwise.
enum Fixture {
    static let rpID = "example.com"
    static let origin = "https://example.com"
    static let challenge = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    static let relyingParty = RelyingParty(id: rpID, origins: [origin, "https://login.example.com:8443"])
}
