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
import GatehouseSQLite
import SQLiteNIO

// A refresh's read and compare-and-set on SQLite's writer, inside the transaction
// `SQLiteStore.writeDirect` opens: the rows `SessionRepository.findWithUser` reads, with kept
// statements.

extension SQLiteDirectConnection {
    /// The session with its user and factors (without linked identities), and the counter moved
    /// from `presented` if `allows` accepts them.
    func readForRefresh(
        id: UUID, presented: Int64, at now: Timestamp,
        allows: (SessionRecord, UserRecord) throws(AuthError) -> Void
    ) throws -> SessionRefreshRead? {
        let sessionId = SQLiteData.text(id.lowercasedString)
        let rows = try self.rows(Self.sessionWithUser, [sessionId])
        guard !rows.isEmpty else { return nil }
        let (session, user) = try SessionRepository.decodeWithUser(rows)
        try allows(session, user)
        var advanced = false
        if session.refreshCounter == presented {
            let stamp = SQLiteData.integer(Int(now.microsecondsSinceEpoch))
            try run(Self.advanceCounter, [stamp, sessionId, .integer(Int(presented))]) { _ in advanced = true }
        }
        return SessionRefreshRead(session: session, user: user, advanced: advanced)
    }

    private static let sessionWithUser = SessionWithUserStatement.select + "?1"

    private static let advanceCounter = """
        UPDATE sessions SET refresh_counter = refresh_counter + 1, refreshed_at = ?1, updated_at = ?1
        WHERE id = ?2 AND refresh_counter = ?3
        RETURNING refresh_counter
        """
}
