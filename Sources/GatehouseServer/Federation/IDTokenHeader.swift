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

/// What an ID token's header says, read before any key is looked up: the algorithm, which must be
/// one of the two providers use, and the key's id.
struct IDTokenHeader: Sendable, Equatable {
    /// RS256 (Google, Apple, most issuers) and ES256. Never `none`, never an HMAC: an HMAC
    /// "verified" with a public key as its secret is a token anyone can make.
    enum Algorithm: String, Sendable, CaseIterable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    /// Far above any provider's token; refused before it is decoded.
    static let maximumLength = 16 * 1024

    var algorithm: Algorithm
    var kid: String?

    init(algorithm: Algorithm, kid: String? = nil) {
        self.algorithm = algorithm
        self.kid = kid
    }

    /// The header of a compact JWS (three base64url parts); `bad_id_token` for anything else.
    init(token: String) throws(AuthError) {
        guard token.utf8.count <= Self.maximumLength else { throw .idTokenRefused("it is longer than any ID token") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
            let data = Base64URL.decode(String(parts[0])),
            case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { throw .idTokenRefused("it is not a signed JWT") }
        guard let name = fields["alg"]?.stringValue, let algorithm = Algorithm(rawValue: name) else {
            throw .idTokenRefused("its signing algorithm is not RS256 or ES256")
        }
        // Extensions the token says must be understood: none are.
        guard fields["crit"] == nil else { throw .idTokenRefused("it has critical header extensions") }
        if let kid = fields["kid"], kid.stringValue == nil { throw .idTokenRefused("its key id is not a string") }
        self.init(algorithm: algorithm, kid: fields["kid"]?.stringValue)
    }
}

extension AuthError {
    /// `bad_id_token`, naming the check that failed and nothing of the token.
    static func idTokenRefused(_ reason: String) -> AuthError {
        AuthError(.badIDToken, kind: .invalidRequest, "Bad ID token: \(reason)")
    }
}
