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
import _CryptoExtras

/// A credential public key decoded from its COSE_Key encoding, ready to verify signatures.
/// `encoded` keeps the exact bytes the authenticator sent: that is what the server stores.
public struct COSEKey: Sendable {
    public enum Material: Sendable {
        case p256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    public let algorithm: COSEAlgorithm
    public let material: Material
    public let encoded: [UInt8]

    // COSE labels (RFC 9052 §7.1, RFC 9053 §7, RFC 8230 §4).
    private static let kty = 1, alg = 3
    private static let crvOrModulus = -1, xOrExponent = -2, y = -3
    private static let ktyOKP = 1, ktyEC2 = 2, ktyRSA = 3
    private static let crvP256 = 1, crvEd25519 = 6

    /// Decodes a stored or received COSE key; the bytes must hold exactly one CBOR map.
    public init(encoded: some Collection<UInt8>) throws(COSEKeyError) {
        let bytes = Array(encoded)
        let value: CBORValue
        do { value = try CBORDecoder().decode(bytes) } catch { throw .malformedEncoding(error) }
        try self.init(value: value, encoded: bytes)
    }

    /// Builds the key from an already decoded map and the exact bytes it was decoded from
    /// (internal: a caller could otherwise pair a map with other bytes).
    init(value: CBORValue, encoded: [UInt8]) throws(COSEKeyError) {
        guard value.mapEntries != nil else { throw .notAMap }
        let keyType = try Self.integer(value, Self.kty)
        let algorithmValue = try Self.integer(value, Self.alg)
        guard let algorithm = COSEAlgorithm(rawValue: algorithmValue) else {
            throw .unsupportedAlgorithm(algorithmValue)
        }
        self.algorithm = algorithm
        self.encoded = encoded
        switch (algorithm, keyType) {
        case (.es256, Self.ktyEC2):
            let curve = try Self.integer(value, Self.crvOrModulus)
            guard curve == Self.crvP256 else { throw .curveMismatch(algorithm: algorithmValue, curve: curve) }
            let x = try Self.bytes(value, Self.xOrExponent, lengths: 32...32)
            let y = try Self.bytes(value, Self.y, lengths: 32...32)
            // x9.63 uncompressed form; swift-crypto checks that the point is on the curve.
            guard let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y) else {
                throw .rejectedByCrypto
            }
            material = .p256(key)
        case (.eddsa, Self.ktyOKP):
            let curve = try Self.integer(value, Self.crvOrModulus)
            guard curve == Self.crvEd25519 else { throw .curveMismatch(algorithm: algorithmValue, curve: curve) }
            let x = try Self.bytes(value, Self.xOrExponent, lengths: 32...32)
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: x) else { throw .rejectedByCrypto }
            material = .ed25519(key)
        case (.rs256, Self.ktyRSA):
            // 2048 to 8192 bits: the lower bound is swift-crypto's, the upper bounds the work.
            let modulus = try Self.bytes(value, Self.crvOrModulus, lengths: 256...1024)
            let exponent = try Self.bytes(value, Self.xOrExponent, lengths: 1...8)
            guard let key = try? _RSA.Signing.PublicKey(n: modulus, e: exponent) else { throw .rejectedByCrypto }
            material = .rsa(key)
        case (_, Self.ktyOKP), (_, Self.ktyEC2), (_, Self.ktyRSA):
            throw .algorithmKeyTypeMismatch(algorithm: algorithmValue, keyType: keyType)
        default:
            throw .unsupportedKeyType(keyType)
        }
    }

    private static func integer(_ map: CBORValue, _ label: Int) throws(COSEKeyError) -> Int {
        guard let item = map[intKey: label] else { throw .missingParameter(label: label) }
        guard let number = item.intValue else { throw .wrongParameterType(label: label) }
        return number
    }

    private static func bytes(_ map: CBORValue, _ label: Int, lengths: ClosedRange<Int>) throws(COSEKeyError) -> [UInt8] {
        guard let item = map[intKey: label] else { throw .missingParameter(label: label) }
        guard let bytes = item.bytesValue else { throw .wrongParameterType(label: label) }
        guard lengths.contains(bytes.count) else { throw .wrongParameterLength(label: label) }
        return bytes
    }
}
