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

import JWTKit

/// The one way anything the server issues is signed (access tokens, `gatehouse keys`, the
/// Firebase adapter's ID tokens): with the current signing key, RS256/ES256 with its `kid`
/// header when `GATEHOUSE_JWT_KEYS` (or the development key) is set, else HS256 with the secret.
extension TokenSigner {
    /// The compact JWS of `payload`, header `{"alg", "kid"?, "typ": "JWT"}`.
    func sign<Payload: JWTPayload>(_ payload: Payload) async throws -> String {
        try await keys.sign(payload, kid: signingKid)
    }

    /// The `alg` of what `sign` produces: "RS256", "ES256" or "HS256".
    var signingAlgorithm: String { signingKeyAlgorithm.rawValue }
}
