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

/// The ID token of a session a custom token started: the claims every Firebase ID token has,
/// plus the custom token's developer claims at the top level, as Google puts them. A developer
/// claim never replaces one of the token's own (`email`, `user_id`, `session_id`, …): those are
/// written last and the developer claim of the same name is left out.
struct FirebaseCustomTokenIDTokenClaims: JWTPayload {
    var base: FirebaseIDTokenClaims
    var developerClaims: [String: JSONValue]

    /// Names the ID token writes itself, besides the reserved ones a custom token may not carry.
    static let ownClaims: Set<String> = [
        "email", "email_verified", "name", "picture", "phone_number", "provider_id", "user_id", "session_id",
    ]

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        let shadowed = Self.ownClaims.union(FirebaseCustomTokenVerifier.reservedClaims)
        for (name, value) in developerClaims.sorted(by: { $0.key < $1.key }) where !shadowed.contains(name) {
            try container.encode(value, forKey: Name(stringValue: name))
        }
        // The same object: JSONEncoder hands a second keyed container of one level the first's storage.
        try base.encode(to: encoder)
    }

    init(base: FirebaseIDTokenClaims, developerClaims: [String: JSONValue]) {
        self.base = base
        self.developerClaims = developerClaims
    }

    init(from decoder: any Decoder) throws {
        base = try FirebaseIDTokenClaims(from: decoder)
        let all = try decoder.singleValueContainer().decode([String: JSONValue].self)
        let shadowed = Self.ownClaims.union(FirebaseCustomTokenVerifier.reservedClaims)
        developerClaims = all.filter { !shadowed.contains($0.key) }
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try await base.verify(using: algorithm)
    }
}
