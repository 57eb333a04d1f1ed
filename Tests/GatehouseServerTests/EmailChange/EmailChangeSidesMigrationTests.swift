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
import Logging
import SQLKit
import Testing

@testable import GatehouseServer

/// Migration 15 turns the count of missing email-change confirmations into the sides still to
/// confirm, on both engines, so a change pending at the upgrade keeps its meaning.
@Suite("Email change: the sides-to-confirm migration")
struct EmailChangeSidesMigrationTests {
    static let sentAt: Int64 = 1_700_000_000_000_000

    /// The schema as version 14 left it.
    static func migrateToFourteen(_ store: any SQLStore) async throws {
        _ = try await store.write { database in
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
            ).run()
        }
        for migration in Migrations.all where migration.version < 15 {
            _ = try await store.write { database in
                for statement in migration.statements { try await database.raw(SQLQueryString(statement)).run() }
                try await database.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: migration.version), \(bind: migration.name), 0)"
                ).run()
            }
        }
    }

    static func user(_ database: any SQLDatabase, _ name: String, pending left: Int?) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let change: String? = left == nil ? nil : "\(name)-new@example.com"
        let sentAt: Int64? = left == nil ? nil : sentAt
        try await database.raw(
            """
            INSERT INTO users (id, email, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                email_change, email_change_sent_at, email_change_confirmations_left)
            VALUES (\(bind: id), \(bind: "\(name)@example.com"), 'authenticated', 'authenticated', '{}', '{}', 0, 0,
                \(bind: change), \(bind: sentAt), \(bind: left))
            """
        ).run()
        return id
    }

    static func spentToken(_ database: any SQLDatabase, user: String, purpose: TokenPurpose, createdAt: Int64) async throws {
        try await database.raw(
            """
            INSERT INTO one_time_tokens (id, user_id, purpose, token_hash, code_hash, attempts, expires_at, consumed_at, created_at)
            VALUES (\(bind: UUID().uuidString.lowercased()), \(bind: user), \(bind: purpose.rawValue),
                \(bind: UUID().uuidString), 'x', 0, \(bind: createdAt + 3_600_000_000), \(bind: createdAt + 1), \(bind: createdAt))
            """
        ).run()
    }

    @Test("both missing: both; the new side spent: the current; otherwise the new; no change: none", arguments: Backend.all)
    func upgrade(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { scratch in
            let logger = Logger(label: "email-change-migration")
            try await scratch.withStore { store in
                try await Self.migrateToFourteen(store)
                let ids = try await store.write { database in
                    let both = try await Self.user(database, "both", pending: 2)
                    let newSpent = try await Self.user(database, "newspent", pending: 1)
                    try await Self.spentToken(database, user: newSpent, purpose: .emailChangeNew, createdAt: Self.sentAt + 10)
                    let currentSpent = try await Self.user(database, "currentspent", pending: 1)
                    try await Self.spentToken(database, user: currentSpent, purpose: .emailChangeCurrent, createdAt: Self.sentAt + 10)
                    // A new-side link spent for an earlier change does not count.
                    let earlier = try await Self.user(database, "earlier", pending: 1)
                    try await Self.spentToken(database, user: earlier, purpose: .emailChangeNew, createdAt: Self.sentAt - 10)
                    let none = try await Self.user(database, "none", pending: nil)
                    return [both, newSpent, currentSpent, earlier, none]
                }
                try await Migrations.apply(to: store, logger: logger)

                let users = try await store.read { database in
                    var found: [UserRecord] = []
                    for id in ids {
                        if let user = try await database.users.find(id: UUID(parsing: id)!) { found.append(user) }
                    }
                    return found
                }
                #expect(users.map(\.emailChangeAwaiting) == [.both, .current, .new, .new, []])
                #expect(
                    users.map(\.emailChange) == [
                        "both-new@example.com", "newspent-new@example.com", "currentspent-new@example.com",
                        "earlier-new@example.com", nil,
                    ])
                let raw = try await store.read { database in
                    try await database.raw("SELECT email_change_awaiting FROM users WHERE email = 'none@example.com'").first()
                }
                #expect(try raw?.decode(column: "email_change_awaiting", as: Int?.self) == .some(nil))
                // The view reads the new column; the count's column is gone.
                _ = try await store.read { try await $0.raw("SELECT email_change_awaiting FROM session_users").all() }
                await #expect(throws: (any Error).self) {
                    try await store.read { try await $0.raw("SELECT email_change_confirmations_left FROM users").all() }
                }
            }
        }
    }
}
