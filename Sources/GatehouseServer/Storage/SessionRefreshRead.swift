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

/// What a refresh reads of its session, and what its compare-and-set did.
struct SessionRefreshRead: Sendable {
    /// The session as it was before the compare-and-set: its counter is the one compared.
    let session: SessionRecord
    let user: UserRecord
    /// Whether the counter moved from the presented one to the next.
    let advanced: Bool
}

extension Store {
    /// A refresh's read of session `id` with its user and factors, and the refresh counter's
    /// compare-and-set from `presented` if `allows` accepts what was read (it throws what the
    /// caller is told otherwise, and the counter is left as it was).
    ///
    /// On SQLite both are one call on the writer, in one transaction: the writer's page cache is
    /// current, where a reader's is emptied by every write. On PostgreSQL both are one statement
    /// shared with the refreshes that arrive together (`SessionRefreshAdvances`); a move `allows`
    /// then refuses is put back.
    func readForRefresh(
        id: UUID, presented: Int64, at now: Timestamp,
        allows: @escaping @Sendable (SessionRecord, UserRecord) throws(AuthError) -> Void
    ) async throws(AuthError) -> SessionRefreshRead? {
        try await guarded {
            let read: SessionRefreshRead?
            if let sqlite = sql as? SQLiteStore {
                read = try await sqlite.writeDirect { writer in
                    try writer.readForRefresh(id: id, presented: presented, at: now, allows: allows)
                }
            } else {
                read = try await readForRefreshAdvancing(id: id, presented: presented, at: now, allows: allows)
            }
            guard let read, read.user.hasLinkedProviders else { return read }
            let user = try await perform { try await $0.users.withDetails(read.user, factors: read.user.factors) }
            return SessionRefreshRead(session: read.session, user: user, advanced: read.advanced)
        }
    }

    private func readForRefreshAdvancing(
        id: UUID, presented: Int64, at now: Timestamp,
        allows: @Sendable (SessionRecord, UserRecord) throws(AuthError) -> Void
    ) async throws -> SessionRefreshRead? {
        let advance = SessionRefreshAdvances.Advance(sessionId: id, expected: presented, now: now)
        guard let advancing = try await refreshAdvances.submit(advance) else { return nil }
        let read = advancing.read
        do {
            try allows(read.session, read.user)
        } catch {
            if read.advanced {
                try await perform(.statement) { try await $0.sessions.restoreCounter(advancing, advancedAt: now) }
            }
            throw error
        }
        return read
    }
}

extension SessionRepository {
    /// `SessionsWithUserAdvancingStatement`'s read of one session, with the session's
    /// `updated_at` before the move (microseconds) for `restoreCounter`. The user comes without
    /// linked identities (`UserRepository.withDetails` reads them).
    struct AdvancingRead: Sendable {
        let read: SessionRefreshRead
        let updatedAt: Int64
    }

    /// PostgreSQL: the sessions of `advances` (each session once, one to
    /// `SessionsWithUserAdvancing.widest`) with their users and factors,
    /// and each counter's compare-and-set from the one its refresh presents, in one statement.
    /// A session that does not exist has no entry.
    func findWithUserAdvancing(_ advances: [SessionRefreshAdvances.Advance]) async throws -> [UUID: AdvancingRead] {
        let postgres = try database.postgresConnection()
        let rows: [any SQLRow]
        switch advances.count {
        case 1: rows = try await postgres.rows(SessionsWithUserAdvancing.One(advances: advances))
        case 2: rows = try await postgres.rows(SessionsWithUserAdvancing.Two(advances: advances))
        case 3: rows = try await postgres.rows(SessionsWithUserAdvancing.Three(advances: advances))
        case 4: rows = try await postgres.rows(SessionsWithUserAdvancing.Four(advances: advances))
        default: preconditionFailure("a statement carries one refresh to \(SessionsWithUserAdvancing.widest)")
        }
        var rowsBySession: [String: [any SQLRow]] = [:]
        for row in rows {
            rowsBySession[try row.decode(column: "s_id", as: String.self), default: []].append(row)
        }
        var reads: [UUID: AdvancingRead] = [:]
        for sessionRows in rowsBySession.values {
            let (session, user) = try Self.decodeWithUser(sessionRows)
            let first = sessionRows[0]
            reads[session.id] = AdvancingRead(
                read: SessionRefreshRead(session: session, user: user, advanced: try first.decode(column: "advanced", as: Bool.self)),
                updatedAt: try first.decode(column: "s_updated_at", as: Int64.self))
        }
        return reads
    }

    /// Puts back the counter `findWithUserAdvancing` moved, for a refresh refused after it: only
    /// while it is still that move (one step on, stamped `advancedAt`).
    func restoreCounter(_ advancing: AdvancingRead, advancedAt: Timestamp) async throws {
        let postgres = try database.postgresConnection()
        let session = advancing.read.session
        _ = try await postgres.rows(
            RestoreRefreshCounterStatement(
                sessionId: session.id.lowercasedString, counter: session.refreshCounter,
                refreshedAt: session.refreshedAt.microsecondsSinceEpoch, updatedAt: advancing.updatedAt,
                advancedAt: advancedAt.microsecondsSinceEpoch))
    }
}
