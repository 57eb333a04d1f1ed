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

/// What the hourly purge forgets and what it keeps.
@Suite("Retention")
struct RetentionTests {
    @Test("spent tokens, old flows, old windows and old finished jobs go; live and dead ones stay")
    func purge() async throws {
        try await withTemporarySQLiteStore { store in
            let now = Timestamp.now()
            let old = now.adding(seconds: -2 * Retention.day)
            let ancient = now.adding(seconds: -8 * Retention.day)
            let user = UserRecord.new(
                email: try EmailAddress(validating: "keep@example.com"), passwordHash: "x", userMetadata: [:], confirmedAt: now)
            try await store.write { database in
                try await database.users.insert(user)
                func token(_ hash: String, created: Timestamp, expires: Timestamp, consumed: Bool) async throws {
                    let record = OneTimeTokenRecord(
                        id: UUID(), userId: user.id, purpose: .recovery, codeHash: "c", attempts: 0, codeChallenge: nil,
                        codeChallengeMethod: nil, redirectTo: nil, expiresAt: expires, consumedAt: nil
                    )
                    try await database.oneTimeTokens.insert(record, linkHash: hash, now: created)
                    if consumed { _ = try await database.oneTimeTokens.consume(id: record.id, now: created) }
                }
                try await token("old-spent", created: old, expires: now.adding(seconds: 3600), consumed: true)
                try await token("old-expired", created: old, expires: old.adding(seconds: 3600), consumed: false)
                try await token("fresh-spent", created: now, expires: now.adding(seconds: 3600), consumed: true)
                try await token("old-but-usable", created: old, expires: now.adding(seconds: 3600), consumed: false)
                for (code, created) in [("old-flow", old), ("fresh-flow", now)] {
                    let flow = FlowStateRecord(
                        id: UUID(), userId: user.id, codeChallenge: "c", codeChallengeMethod: "s256",
                        authenticationMethod: "recovery", createdAt: created)
                    try await database.flowStates.insert(flow, authCodeHash: code)
                }
                for (key, at) in [("old-window", old), ("fresh-window", now)] {
                    _ = try await database.emailWindows.claim(key: key, window: 60, now: at)
                }
                for (kind, state, updated) in [
                    ("a", "sent", ancient), ("b", "skipped", ancient), ("c", "dead", ancient), ("d", "sent", now),
                ] {
                    try await database.raw(
                        """
                        INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, created_at, updated_at)
                        VALUES (\(bind: UUID().uuidString), \(bind: kind), '{}', \(bind: state), 1, 0, 0, \(bind: updated.microsecondsSinceEpoch))
                        """
                    ).run()
                }
            }

            try await store.write { try await $0.retention.purge(now: now) }

            let remaining = try await store.read { database in
                (
                    tokens: try await database.raw("SELECT token_hash FROM one_time_tokens ORDER BY token_hash").all()
                        .map { try $0.decode(column: "token_hash", as: String.self) },
                    flows: try await database.raw("SELECT auth_code_hash FROM flow_states").all()
                        .map { try $0.decode(column: "auth_code_hash", as: String.self) },
                    windows: try await database.raw("SELECT address_key FROM email_send_windows").all()
                        .map { try $0.decode(column: "address_key", as: String.self) },
                    jobs: try await database.raw("SELECT kind FROM outbox ORDER BY kind").all()
                        .map { try $0.decode(column: "kind", as: String.self) }
                )
            }
            #expect(remaining.tokens == ["fresh-spent", "old-but-usable"])
            #expect(remaining.flows == ["fresh-flow"])
            #expect(remaining.windows == ["fresh-window"])
            #expect(remaining.jobs == ["c", "d"])
        }
    }
}
