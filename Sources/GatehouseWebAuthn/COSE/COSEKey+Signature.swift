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

extension COSEKey {
    /// Whether `signature` is this key's signature over `message` under the key's algorithm.
    /// WebAuthn signs `authenticatorData ‖ SHA-256(clientDataJSON)`; the hash inside each
    /// algorithm (SHA-256 for ES256 and RS256, none for Ed25519) is applied here.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        switch material {
        case .p256(let key):
            // WebAuthn ES256 signatures are ASN.1 DER (W3C WebAuthn §6.5.5), not raw r‖s.
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: message)
        case .ed25519(let key):
            guard signature.count == 64 else { return false }
            return key.isValidSignature(signature, for: message)
        case .rsa(let key):
            // The signature is as long as the modulus; the library checks that too.
            let parsed = _RSA.Signing.RSASignature(rawRepresentation: signature)
            return key.isValidSignature(parsed, for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
        }
    }
}
