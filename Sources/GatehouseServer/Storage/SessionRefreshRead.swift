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
    /// (`SessionWithUserAdvancingStatement`), one round trip where there would be two; a move
    /// `allows` then refuses is put back.
    func readForRefresh(
        id: UUID, presented: Int64, at now: Timestamp,
        allows: @escaping @Sendable (SessionRecord, UserRecord) throws(AuthError) -> Void
    ) async throws(AuthError) -> SessionRefreshRead? {
        try await guarded {
            guard let sqlite = sql as? SQLiteStore else {
                return try await readForRefreshAdvancing(id: id, presented: presented, at: now, allows: allows)
            }
            let read = try await sqlite.writeDirect { writer in
                try writer.readForRefresh(id: id, presented: presented, at: now, allows: allows)
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
        let advancing = try await perform(.statement) { try await $0.sessions.findWithUserAdvancing(id: id, from: presented, at: now) }
        guard let advancing else { return nil }
        do {
            try allows(advancing.read.session, advancing.read.user)
        } catch {
            if advancing.read.advanced {
                try await perform(.statement) { try await $0.sessions.restoreCounter(advancing, advancedAt: now) }
            }
            throw error
        }
        return advancing.read
    }
}

extension SessionRepository {
    /// `SessionWithUserAdvancingStatement`'s read, with the session's `updated_at` before the
    /// move (microseconds) for `restoreCounter`.
    struct AdvancingRead: Sendable {
        let read: SessionRefreshRead
        let updatedAt: Int64
    }

    /// PostgreSQL: the session with its user and factors, and the counter's compare-and-set
    /// from `expected`, in one statement.
    func findWithUserAdvancing(id: UUID, from expected: Int64, at now: Timestamp) async throws -> AdvancingRead? {
        let postgres = try database.postgresConnection()
        let rows = try await postgres.rows(
            SessionWithUserAdvancingStatement(sessionId: id.lowercasedString, expected: expected, now: now.microsecondsSinceEpoch))
        guard let first = rows.first else { return nil }
        let (session, user) = try await decodeWithUser(rows)
        return AdvancingRead(
            read: SessionRefreshRead(
                session: session, user: user, advanced: try first.decode(column: "advanced", as: Bool.self)),
            updatedAt: try first.decode(column: "s_updated_at", as: Int64.self))
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
