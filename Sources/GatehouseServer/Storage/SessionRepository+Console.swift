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

/// A session as the console shows it: where and when, never a token.
struct ConsoleSessionSummary: Sendable, Equatable {
    var id: UUID
    var aal: String
    var userAgent: String?
    var ip: String?
    var createdAt: Timestamp
    /// The last refresh (or the sign-in, for a session never refreshed).
    var lastSeenAt: Timestamp
}

extension SessionRepository {
    /// A user's sessions, most recently seen first.
    func consoleList(userId: UUID) async throws -> [ConsoleSessionSummary] {
        try await database.raw(
            """
            SELECT id, aal, user_agent, ip, created_at, refreshed_at FROM sessions
            WHERE user_id = \(bind: userId.lowercasedString) ORDER BY refreshed_at DESC, id DESC
            """
        ).all().map { row in
            ConsoleSessionSummary(
                id: try row.decodeUUID(column: "id"),
                aal: try row.decode(column: "aal", as: String.self),
                userAgent: try row.decode(column: "user_agent", as: String?.self),
                ip: try row.decode(column: "ip", as: String?.self),
                createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self)),
                lastSeenAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "refreshed_at", as: Int64.self)))
        }
    }
}
