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

/// The browser's clientDataJSON (W3C WebAuthn §5.8.1), parsed and checked (checklist step 2).
public struct CollectedClientData: Sendable {
    public let type: String
    public let challenge: String
    public let origin: String
    public let crossOrigin: Bool
    public let topOrigin: String?
    /// SHA-256 of the exact bytes: the second half of what an assertion signs.
    public let hash: [UInt8]

    public static let createType = "webauthn.create"
    public static let getType = "webauthn.get"

    public init(json: [UInt8]) throws(WebAuthnError) {
        // Decodable refuses a non-boolean crossOrigin and a non-string topOrigin; extras are ignored.
        struct Wire: Decodable {
            var type: String
            var challenge: String
            var origin: String
            var crossOrigin: Bool?
            var topOrigin: String?
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(json)) else { throw .malformedClientData }
        type = wire.type
        challenge = wire.challenge
        origin = wire.origin
        crossOrigin = wire.crossOrigin ?? false
        topOrigin = wire.topOrigin
        hash = Array(SHA256.hash(data: json))
    }

    /// Type, then challenge (decoded bytes compared in constant time), then origin, then the
    /// cross-origin policy: the checklist's order.
    public func verify(type expectedType: String, challenge expected: [UInt8], relyingParty: RelyingParty) throws(WebAuthnError) {
        guard type == expectedType else { throw .wrongCeremonyType(expected: expectedType, received: type) }
        guard let received = Base64URL.decode(challenge), ConstantTime.equal(received, expected) else {
            throw .challengeMismatch
        }
        guard relyingParty.origins.allows(origin) else { throw .originNotAllowed(origin) }
        if crossOrigin {
            guard relyingParty.allowsCrossOrigin else { throw .crossOriginNotAllowed }
            if let topOrigin, !relyingParty.origins.allows(topOrigin) { throw .originNotAllowed(topOrigin) }
        }
    }
}
