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

/// The COSE signature algorithms Gatehouse verifies (IANA "COSE Algorithms" registry values).
/// The server should advertise exactly these in `pubKeyCredParams`: nothing it cannot verify.
public enum COSEAlgorithm: Int, CaseIterable, Sendable {
    /// ECDSA over P-256 with SHA-256, DER signatures (EC2 keys, crv 1).
    case es256 = -7
    /// EdDSA, here Ed25519 only (OKP keys, crv 6).
    case eddsa = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RSA keys, at least 2048 bits).
    case rs256 = -257
}

/// Why a COSE_Key (RFC 9052 §7, RFC 9053) is refused.
public enum COSEKeyError: Error, Equatable, Sendable {
    /// Not one CBOR item, or bytes after it.
    case malformedEncoding(CBORError)
    case notAMap
    /// A required label is absent (1 kty, 3 alg, -1 crv / n, -2 x / e, -3 y).
    case missingParameter(label: Int)
    /// A label holds the wrong CBOR type.
    case wrongParameterType(label: Int)
    case unsupportedKeyType(Int)
    case unsupportedAlgorithm(Int)
    /// The algorithm does not belong to the key type (e.g. EdDSA on an EC2 key).
    case algorithmKeyTypeMismatch(algorithm: Int, keyType: Int)
    /// The curve does not belong to the algorithm (e.g. ES256 on P-384).
    case curveMismatch(algorithm: Int, curve: Int)
    /// A coordinate, modulus or exponent of the wrong size.
    case wrongParameterLength(label: Int)
    /// swift-crypto refused the key (a point off the curve, an RSA key under 2048 bits...).
    case rejectedByCrypto
}
