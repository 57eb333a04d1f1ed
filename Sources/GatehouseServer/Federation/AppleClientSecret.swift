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
import GatehouseCore

/// Apple's web flow takes as client secret a JWT the team signs with its Sign in with Apple key
/// (ES256, the `.p8` file): issued by the team, about the services id, for Apple, and valid at
/// most six months. Gatehouse mints a short-lived one for each token request, so no operator has
/// to renew a secret.
enum AppleClientSecret {
    static let audience = "https://appleid.apple.com"
    /// Long enough for one token request, clock differences included; Apple allows six months.
    static let lifetime: Int64 = 600

    /// Whether `pem` is a key Apple's secret can be signed with (checked when the settings are read).
    static func isUsable(_ pem: String) -> Bool {
        (try? P256.Signing.PrivateKey(pemRepresentation: pem)) != nil
    }

    /// A secret for `clientId` (the services id), valid from `now` for `lifetime` seconds.
    static func mint(key: AppleClientSecretKey, clientId: String, now: Timestamp) throws(AuthError) -> String {
        guard let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: key.privateKeyPEM.value) else {
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Apple's client secret could not be made: its key is not usable")
        }
        let issuedAt = now.secondsSinceEpoch
        let header: JSONValue = .object(["alg": .string("ES256"), "kid": .string(key.keyId), "typ": .string("JWT")])
        let claims: JSONValue = .object([
            "iss": .string(key.teamId), "iat": .number(Double(issuedAt)), "exp": .number(Double(issuedAt + lifetime)),
            "aud": .string(audience), "sub": .string(clientId),
        ])
        guard let headerJSON = try? encoder.encode(header), let claimsJSON = try? encoder.encode(claims),
            case let signingInput = Base64URL.encode(headerJSON) + "." + Base64URL.encode(claimsJSON),
            let signature = try? privateKey.signature(for: Data(signingInput.utf8))
        else {
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Apple's client secret could not be made")
        }
        // JWS wants the raw 64-byte r‖s, not DER.
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}
