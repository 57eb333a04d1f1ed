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
import SQLKit
import Testing

@testable import GatehouseServer

/// PostgreSQL can end a session under a unit of work: an administrator's `pg_terminate_backend`,
/// a failover, the server shutting down. The statement running then fails (SQLSTATE 57P01,
/// severity FATAL) and the server closes the connection. PostgresNIO hands each statement to the
/// connection's channel without watching that hand-over, so a statement sent after the channel
/// closed is dropped and its answer never comes. A transaction's ROLLBACK after such a failure
/// waited forever that way, and with it the request, or the retention purge that then held the
/// app's shutdown open.
@Suite("PostgreSQL: a session the server ends")
struct PostgresSessionEndTests {
    /// Far beyond what a statement on a healthy connection takes; reached only by a wait that
    /// would never end.
    static let bound = Duration.seconds(30)

    /// Ends the session of `database`'s connection from within it and returns the error the
    /// terminating statement failed with; `untilClosed`: once the connection has closed too.
    static func endSession(_ database: any SQLDatabase, untilClosed: Bool = true) async throws -> any Error {
        let connection = try #require(database as? PostgresConnectionSQL).connection
        let ended = await #expect(throws: (any Error).self) {
            try await database.raw("SELECT pg_terminate_backend(pg_backend_pid())").run()
        }
        if untilClosed { try await connection.closeFuture.get() }
        return try #require(ended)
    }

    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// `operation`'s outcome, or nil with an issue recorded if it was still waiting after `bound`.
    static func outcome<T: Sendable>(
        of what: String, _ operation: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error>? {
        guard case .finished(let result) = await Settled.within(bound, operation) else {
            Issue.record("\(what) was still waiting after \(bound)")
            return nil
        }
        return result
    }

    @Test("a statement on a session that has ended fails at once", arguments: Backend.all.filter { $0 == .postgres })
    func statementAfterEnd(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withStore { store in
                let outcome = await Self.outcome(of: "the statement sent after the session ended") {
                    try await store.writeStatement { database in
                        _ = try await Self.endSession(database)
                        try await database.raw("SELECT 1").run()
                    }
                }
                guard let result = outcome else { return }
                #expect(throws: (any Error).self) { try result.get() }
            }
        }
    }

    @Test(
        "a transaction whose session ended fails with the server's error, and the next unit of work gets a new session",
        arguments: Backend.all.filter { $0 == .postgres })
    func transactionAfterEnd(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withStore { store in
                let outcome = await Self.outcome(of: "the transaction whose session ended") {
                    try await store.write { database in
                        throw try await Self.endSession(database)
                    }
                }
                guard let result = outcome else { return }
                let failure = #expect(throws: (any Error).self) { try result.get() }
                #expect(failure.flatMap(Self.sqlState) == "57P01", "\(String(describing: failure))")
                let answer = try await store.read { try await $0.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self) }
                #expect(answer == 1)
            }
        }
    }

    @Test(
        "after the server's FATAL error nothing more is sent, even before the connection has closed",
        arguments: Backend.all.filter { $0 == .postgres })
    func nothingSentAfterFatal(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withStore { store in
                let outcome = await Self.outcome(of: "the statement sent after the FATAL error") {
                    try await store.writeStatement { database in
                        let ended = try await Self.endSession(database, untilClosed: false)
                        #expect(Self.sqlState(ended) == "57P01", "\(ended)")
                        try await database.raw("SELECT 1").run()
                    }
                }
                guard let result = outcome else { return }
                #expect(throws: PostgresSessionEnded.self) { try result.get() }
            }
        }
    }
}
