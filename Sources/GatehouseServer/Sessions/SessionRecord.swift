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

/// A signed-in session: one row of `sessions`. Its refresh tokens are not stored anywhere; they
/// are derived from `(id, refreshCounter)` (see `RefreshTokenCodec`), so deleting the row kills
/// every refresh token the session ever had.
struct SessionRecord: Sendable {
    var id: UUID
    var userId: UUID
    var aal: String
    var amr: [AuthenticationMethod]
    var refreshCounter: Int64
    var refreshedAt: Timestamp
    var createdAt: Timestamp
}

/// One entry of the JWT's `amr` claim: how, and when, the user proved who they are.
struct AuthenticationMethod: Codable, Sendable, Equatable {
    var method: String
    var timestamp: Int64
    /// For `oauth`: the provider signed in with (GoTrue's `provider` of an `amr` entry).
    var provider: String? = nil

    /// A sign-in with an identity at `provider` (Apple, Google, an OpenID Connect issuer).
    static func provider(_ provider: String, at now: Timestamp) -> AuthenticationMethod {
        AuthenticationMethod(method: "oauth", timestamp: now.secondsSinceEpoch, provider: provider)
    }

    static func password(at now: Timestamp) -> AuthenticationMethod {
        AuthenticationMethod(method: "password", timestamp: now.secondsSinceEpoch)
    }

    /// The `amr` column (`[{"method":…,"timestamp":…}]`): entries that are not
    /// `{"method": text, "timestamp": number}` are left out, and text that is not such a list
    /// reads as none. Read by `JSONValue.parse` within the bound of every stored JSON column:
    /// `JSONDecoder`, and then `JSONSerialization` with its casts from `Any`, were a visible share
    /// of a refresh (Benchmarks/PROFILE.md).
    static func list(fromJSON text: String) -> [AuthenticationMethod] {
        guard case .array(let entries)? = try? JSONValue.parse(text, maximumDepth: JSONColumn.maximumStoredDepth) else { return [] }
        return entries.compactMap { entry in
            guard case .object(let fields) = entry, case .string(let method)? = fields["method"],
                case .number(let timestamp)? = fields["timestamp"], let seconds = Int64(exactly: timestamp.rounded(.towardZero))
            else { return nil }
            var provider: String?
            if case .string(let name)? = fields["provider"] { provider = name }
            return AuthenticationMethod(method: method, timestamp: seconds, provider: provider)
        }
    }
}

extension AuthenticationMethod: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.method.stringValue, method)
            writer.field(CodingKeys.timestamp.stringValue, timestamp)
            if let provider { writer.field(CodingKeys.provider.stringValue, provider) }
        }
    }
}
