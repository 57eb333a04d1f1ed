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

import PostgresNIO
import Synchronization

/// Keeps a unit of work from sending anything on a PostgreSQL session that has ended.
///
/// The server ends a session with an error of severity FATAL or PANIC (SQLSTATE 57P01 for an
/// administrator's `pg_terminate_backend`, others for a shutdown or a crash) and then closes the
/// connection. PostgresNIO hands each statement to the connection's channel without watching the
/// hand-over, so a statement sent after the channel closed is dropped and its answer never comes.
/// A transaction's ROLLBACK after such a failure waited forever that way. Once a statement has
/// failed so, or the connection is seen closed, every later statement of the unit of work fails
/// at once instead. Nothing is lost: the server rolls back an ended session's transaction itself,
/// and the pool opens a new session for the next unit of work.
final class PostgresSessionGuard: Sendable {
    private let ended = Atomic<Bool>(false)

    /// Runs `send` (one statement on `connection`) unless the session has ended, and notes
    /// whether its failure ended it.
    func send<T>(on connection: PostgresConnection, _ send: () async throws -> T) async throws -> T {
        try check(connection)
        do {
            return try await send()
        } catch {
            note(error)
            throw error
        }
    }

    func check(_ connection: PostgresConnection) throws {
        if ended.load(ordering: .relaxed) || connection.isClosed { throw PostgresSessionEnded() }
    }

    func note(_ error: any Error) {
        if Self.endsSession(error) { ended.store(true, ordering: .relaxed) }
    }

    static func endsSession(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
            return true
        case .server:
            let severity = error.serverInfo?[.severity]
            return severity == "FATAL" || severity == "PANIC"
        default:
            return false
        }
    }
}

/// A statement not sent because its session had ended.
struct PostgresSessionEnded: Error, CustomStringConvertible {
    var description: String { "The PostgreSQL session ended; the statement was not sent" }
}
