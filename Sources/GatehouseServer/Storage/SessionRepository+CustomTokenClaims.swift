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
import SQLKit

/// `sessions.custom_claims`: the developer claims of a session a custom token started.
extension SessionRepository {
    func setCustomClaims(_ claims: [String: JSONValue], sessionId: UUID) async throws {
        try await database.raw(
            "UPDATE sessions SET custom_claims = \(bind: JSONColumn.encode(claims)) WHERE id = \(bind: sessionId.lowercasedString)"
        ).run()
    }

    /// The session's developer claims; empty when it has none (or is gone).
    func customClaims(sessionId: UUID) async throws -> [String: JSONValue] {
        let row = try await database.raw(
            "SELECT custom_claims FROM sessions WHERE id = \(bind: sessionId.lowercasedString)"
        ).first()
        return JSONColumn.decode(try row?.decode(column: "custom_claims", as: String?.self))
    }
}
