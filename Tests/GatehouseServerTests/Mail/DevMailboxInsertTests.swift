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
import Testing

@testable import GatehouseServer

/// The dev mailbox stores a batch on SQLite in one call of kept statements
/// (`SQLiteDirectConnection.insertDevMailMessages`), and through the repository's multi-row
/// statement elsewhere. Both must leave the same rows.
@Suite("The dev mailbox's rows")
struct DevMailboxInsertTests {
    static let now = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
    static let requestedAt = now.adding(seconds: -30)

    /// Mixed-case recipients, a message without HTML, one with its request's date, text that
    /// looks like SQL and characters beyond ASCII.
    static let messages: [MailMessage] = [
        MailMessage(
            from: MailAddress("no-reply@example.com", name: "Gatehouse"), to: MailAddress("Ada@Example.com"), subject: "Reset",
            text: "Follow the link", html: "<p>Follow the <a href=\"https://x.example/?a=1&b=2\">link</a></p>", date: requestedAt),
        MailMessage(
            from: MailAddress("no-reply@example.com"), to: MailAddress("bob@example.com"), subject: "Confirm 'it'; DROP TABLE x; --",
            text: "Grüße, ✓"),
    ]

    @Test("SQLite's kept statements leave the rows the repository's statement leaves, on either engine", arguments: Backend.all)
    func sameRowsBothWays(backend: Backend) async throws {
        let direct = try await store(on: .sqlite, throughRepository: false)
        let repository = try await store(on: backend, throughRepository: true)
        #expect(direct.rows == repository.rows)
        #expect(
            direct.rows == [
                "ada@example.com|no-reply@example.com|Reset|Follow the link|<p>Follow the <a href=\"https://x.example/?a=1&b=2\">link</a></p>|\(Self.requestedAt.microsecondsSinceEpoch)",
                "bob@example.com|no-reply@example.com|Confirm 'it'; DROP TABLE x; --|Grüße, ✓|NULL|\(Self.now.microsecondsSinceEpoch)",
            ])
        for ids in [direct.ids, repository.ids] {
            #expect(Set(ids).count == Self.messages.count)
            #expect(ids.allSatisfy { UUID(uuidString: $0)?.lowercasedString == $0 })
        }
    }

    @Test("an empty batch writes nothing", arguments: Backend.all)
    func emptyBatch(backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withMigratedStore { sql, store in
                try await store.insertDevMailMessages([], now: Self.now)
                let count = try await sql.read { database in
                    try await database.raw("SELECT COUNT(*) AS n FROM dev_mailbox").first()?.decode(column: "n", as: Int.self)
                }
                #expect(count == 0)
            }
        }
    }

    /// The rows as text, in the order of recipients, and the ids apart (they are random).
    private func store(on backend: Backend, throughRepository: Bool) async throws -> (rows: [String], ids: [String]) {
        var stored: (rows: [String], ids: [String]) = ([], [])
        try await TestServer.withDatabase(backend) { database in
            stored = try await database.withMigratedStore { sql, store in
                if throughRepository {
                    let rows = Self.messages.map { DevMailboxRepository.Row($0, now: Self.now) }
                    try await store.perform(.statement) { try await $0.devMailbox.insert(rows) }
                } else {
                    #expect(sql is SQLiteStore)
                    try await store.insertDevMailMessages(Self.messages, now: Self.now)
                }
                return try await sql.read { database in
                    let rows = try await database.raw("SELECT * FROM dev_mailbox ORDER BY recipient").all()
                    return (
                        try rows.map { row in
                            [
                                try row.decode(column: "recipient", as: String.self), try row.decode(column: "sender", as: String.self),
                                try row.decode(column: "subject", as: String.self), try row.decode(column: "text_body", as: String.self),
                                try row.decode(column: "html_body", as: String?.self) ?? "NULL",
                                "\(try row.decode(column: "created_at", as: Int64.self))",
                            ].joined(separator: "|")
                        },
                        try rows.map { try $0.decode(column: "id", as: String.self) }
                    )
                }
            }
        }
        return stored
    }
}
