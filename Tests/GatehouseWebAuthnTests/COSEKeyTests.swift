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
import GatehouseWebAuthnTestSupport
import Testing
import _CryptoExtras

@testable import GatehouseWebAuthn

@Suite("COSE keys")
struct COSEKeyTests {
    @Test("decodes each supported key and verifies its signatures", arguments: [COSEAlgorithm.es256, .eddsa, .rs256])
    func roundTrip(_ algorithm: COSEAlgorithm) throws {
        let authenticator = SoftwareAuthenticator(algorithm)
        let key = try COSEKey(encoded: authenticator.coseKey)
        #expect(key.algorithm == algorithm)
        #expect(key.encoded == authenticator.coseKey)
        let message = Array("authenticator data and client data hash".utf8)
        let signature = authenticator.sign(message)
        #expect(key.isValidSignature(signature, for: message))
        #expect(!key.isValidSignature(signature, for: message + [0]))
        var flipped = signature
        flipped[flipped.count - 1] ^= 0x80
        #expect(!key.isValidSignature(flipped, for: message))
        #expect(!key.isValidSignature([], for: message))
    }

    @Test("an ES256 signature in raw r‖s form instead of DER is refused")
    func rawECDSASignature() throws {
        let privateKey = P256.Signing.PrivateKey()
        let message: [UInt8] = [1, 2, 3]
        let key = try COSEKey(
            encoded: CBORWriter.encode(
                .intMap([
                    (1, .int(2)), (3, .int(-7)), (-1, .int(1)),
                    (-2, .bytes(Array(privateKey.publicKey.rawRepresentation.prefix(32)))),
                    (-3, .bytes(Array(privateKey.publicKey.rawRepresentation.suffix(32)))),
                ])))
        let signature = try privateKey.signature(for: message)
        #expect(key.isValidSignature(Array(signature.derRepresentation), for: message))
        #expect(!key.isValidSignature(Array(signature.rawRepresentation), for: message))
    }

    static let x = [UInt8](repeating: 0x11, count: 32)

    @Test(
        "refuses mismatched or malformed keys with the reason",
        arguments: [
            // EdDSA on an EC2 key, ES256 on an OKP key, RS256 on an EC2 key.
            (
                CBORValue.intMap([(1, .int(2)), (3, .int(-8)), (-1, .int(1)), (-2, .bytes(x)), (-3, .bytes(x))]),
                COSEKeyError.algorithmKeyTypeMismatch(algorithm: -8, keyType: 2)
            ),
            (.intMap([(1, .int(1)), (3, .int(-7)), (-1, .int(6)), (-2, .bytes(x))]), .algorithmKeyTypeMismatch(algorithm: -7, keyType: 1)),
            (
                .intMap([(1, .int(2)), (3, .int(-257)), (-1, .int(1)), (-2, .bytes(x)), (-3, .bytes(x))]),
                .algorithmKeyTypeMismatch(algorithm: -257, keyType: 2)
            ),
            // ES256 on P-384, EdDSA on X25519 (crv 4).
            (
                .intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(2)), (-2, .bytes(x)), (-3, .bytes(x))]),
                .curveMismatch(algorithm: -7, curve: 2)
            ),
            (.intMap([(1, .int(1)), (3, .int(-8)), (-1, .int(4)), (-2, .bytes(x))]), .curveMismatch(algorithm: -8, curve: 4)),
            // Wrong lengths.
            (
                .intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(Array(x.dropLast()))), (-3, .bytes(x))]),
                .wrongParameterLength(label: -2)
            ),
            (.intMap([(1, .int(1)), (3, .int(-8)), (-1, .int(6)), (-2, .bytes(x + [0]))]), .wrongParameterLength(label: -2)),
            (
                .intMap([(1, .int(3)), (3, .int(-257)), (-1, .bytes(Array(repeating: 0xff, count: 128))), (-2, .bytes([1, 0, 1]))]),
                .wrongParameterLength(label: -1)
            ),
            // Missing and mistyped parameters.
            (.intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(x))]), .missingParameter(label: -3)),
            (.intMap([(1, .int(2)), (-1, .int(1)), (-2, .bytes(x)), (-3, .bytes(x))]), .missingParameter(label: 3)),
            (.intMap([(3, .int(-7))]), .missingParameter(label: 1)),
            (.intMap([(1, .text("EC2")), (3, .int(-7))]), .wrongParameterType(label: 1)),
            (.intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .text("x")), (-3, .bytes(x))]), .wrongParameterType(label: -2)),
            // Unsupported algorithm (ES384) and key type (Symmetric = 4).
            (.intMap([(1, .int(2)), (3, .int(-35)), (-1, .int(2))]), .unsupportedAlgorithm(-35)),
            (.intMap([(1, .int(4)), (3, .int(-7))]), .unsupportedKeyType(4)),
            // A point that is not on P-256.
            (.intMap([(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, .bytes(x)), (-3, .bytes(x))]), .rejectedByCrypto),
            (.array([.int(1)]), .notAMap),
        ])
    func refuses(_ value: CBORValue, _ expected: COSEKeyError) {
        #expect(throws: expected) { try COSEKey(encoded: CBORWriter.encode(value)) }
    }

    @Test("an RSA key under 2048 bits is refused by swift-crypto")
    func smallRSA() throws {
        let small = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
        let primitives = try small.publicKey.getKeyPrimitives()
        // Padded to 256 bytes so that the length check passes and the bit count decides.
        let modulus = [UInt8](repeating: 0, count: 256 - primitives.modulus.count) + primitives.modulus
        let value = CBORValue.intMap([(1, .int(3)), (3, .int(-257)), (-1, .bytes(modulus)), (-2, .bytes(Array(primitives.publicExponent)))])
        #expect(throws: COSEKeyError.rejectedByCrypto) { try COSEKey(encoded: CBORWriter.encode(value)) }
    }

    @Test("bytes after the key map are refused")
    func trailing() {
        let key = SoftwareAuthenticator(.es256).coseKey
        #expect(throws: COSEKeyError.malformedEncoding(.trailingBytes(offset: key.count))) { try COSEKey(encoded: key + [0]) }
    }
}
