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

/// The console overview's reads on both engines: audit entries counted per UTC hour
/// over the last 168 hours, and the current totals.
@Suite("Console overview: storage")
struct OverviewStorageTests {
    /// Appends an entry for `action` at `micros` since the epoch, as a service would have.
    static func entry(_ fixture: ServiceFixture, _ action: String, atMicros micros: Int64) async throws {
        let entry = AuditEntry(
            id: UUID(), createdAt: Timestamp(microsecondsSinceEpoch: micros), action: action, userId: nil, email: nil,
            actor: nil, ipAddress: "192.0.2.1", userAgent: nil, requestId: nil, traits: [:])
        try await fixture.environment.store.perform(.statement) { try await $0.auditLog.append(entry) }
    }

    @Test(
        "entries land in their UTC hour, series are summed, empty hours are zero, older or newer ones are left out", arguments: Backend.all)
    func hourly(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let window = HourlyActivity.window(at: fixture.clock.now)
            let current = window.upperBound
            #expect(window.count == 168)
            let hour: Int64 = 3_600_000_000
            // The current hour's first microsecond, twice; the hour before's last microsecond.
            try await Self.entry(fixture, "login", atMicros: current * hour)
            try await Self.entry(fixture, "login", atMicros: current * hour)
            try await Self.entry(fixture, "login", atMicros: current * hour - 1)
            // The window's first microsecond counts; the one before it does not.
            try await Self.entry(fixture, "login_failed", atMicros: window.lowerBound * hour)
            try await Self.entry(fixture, "login_failed", atMicros: window.lowerBound * hour - 1)
            // Bounced and dead letters are one series.
            try await Self.entry(fixture, "email_bounced", atMicros: (current - 5) * hour + 1)
            try await Self.entry(fixture, "email_dead", atMicros: (current - 5) * hour + 2)
            try await Self.entry(fixture, "email_sent", atMicros: (current - 30) * hour)
            try await Self.entry(fixture, "user_recovery_requested", atMicros: (current - 100) * hour + 1_000)
            // Not charted, and not yet happened.
            try await Self.entry(fixture, "logout", atMicros: current * hour)
            try await Self.entry(fixture, "login", atMicros: (current + 1) * hour)

            let activity = try await OverviewService(fixture.environment).overview().activity
            #expect(activity.firstHour == window.lowerBound)
            for series in ActivitySeries.allCases { #expect(activity.counts(series).count == 168) }
            let signIns = activity.counts(.signIns)
            #expect(signIns[167] == 2)
            #expect(signIns[166] == 1)
            #expect(signIns.reduce(0, +) == 3)
            #expect(activity.counts(.failedSignIns)[0] == 1)
            #expect(activity.counts(.failedSignIns).reduce(0, +) == 1)
            #expect(activity.counts(.emailsFailed)[162] == 2)
            #expect(activity.counts(.emailsFailed).reduce(0, +) == 2)
            #expect(activity.counts(.emailsSent)[137] == 1)
            #expect(activity.counts(.recoveryRequests)[67] == 1)
            #expect(activity.counts(.recoveryRequests).filter { $0 == 0 }.count == 167)
            // The last day is the current hour and the 23 before it.
            #expect(activity.lastDay(.signIns) == 3)
            #expect(activity.lastDay(.emailsFailed) == 2)
            #expect(activity.lastDay(.emailsSent) == 0)
            #expect(activity.lastDay(.failedSignIns) == 0)
        }
    }

    @Test("no entries at all: seven days of zeros", arguments: Backend.all)
    func empty(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let overview = try await OverviewService(fixture.environment).overview()
            for series in ActivitySeries.allCases {
                #expect(overview.activity.counts(series) == Array(repeating: 0, count: 168))
            }
            #expect(overview.totals == OverviewTotals())
        }
    }

    @Test("totals: accounts, confirmed, banned, live sessions, pending and dead mail", arguments: Backend.all)
    func totals(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.sessions.timebox = 3600 }) { fixture in
            let accounts = fixture.services.accounts
            try await fixture.account("ada@example.com")
            try await fixture.account("bob@example.com")
            _ = try await accounts.adminCreateUser(AdminUserRequest(email: "cy@example.com", password: "correct horse 1"))
            _ = try await accounts.adminCreateUser(
                AdminUserRequest(email: "dee@example.com", password: "correct horse 1", emailConfirm: true, banDuration: "24h"))
            let gone = try await fixture.account("eve@example.com")
            let sessions = fixture.services.sessions
            // Ada's first session runs past the one-hour time-box; her second and Bob's are live.
            _ = try await sessions.signIn(email: "ada@example.com", password: "correct horse 1", client: ServiceFixture.client)
            fixture.clock.advance(seconds: 7200)
            _ = try await sessions.signIn(email: "ada@example.com", password: "correct horse 1", client: ServiceFixture.client)
            _ = try await sessions.signIn(email: "bob@example.com", password: "correct horse 1", client: ServiceFixture.client)
            let deletedAt = fixture.clock.now.microsecondsSinceEpoch
            try await fixture.environment.store.perform(.transaction) { work in
                try await work.database.raw(
                    "UPDATE users SET deleted_at = \(bind: deletedAt) WHERE id = \(bind: gone.id.uuidString.lowercased())"
                ).run()
                for (index, state) in ["pending", "pending", "pending", "sending", "sent", "dead", "dead"].enumerated() {
                    try await work.database.raw(
                        """
                        INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, created_at, updated_at)
                        VALUES (\(bind: UUID().uuidString), \(bind: "job-\(index)"), '{}', \(bind: state), 1, 0, 0, 0)
                        """
                    ).run()
                }
            }

            let totals = try await OverviewService(fixture.environment).overview().totals
            #expect(
                totals
                    == OverviewTotals(accounts: 4, confirmed: 3, banned: 1, activeSessions: 2, outboxPending: 3, outboxDead: 2))
        }
    }

    @Test("a ban that has run out is not counted")
    func expiredBan() async throws {
        try await ServiceFixture.with(.sqlite) { fixture in
            _ = try await fixture.services.accounts.adminCreateUser(
                AdminUserRequest(email: "fay@example.com", password: "correct horse 1", emailConfirm: true, banDuration: "1h"))
            #expect(try await OverviewService(fixture.environment).overview().totals.banned == 1)
            fixture.clock.advance(seconds: 3601)
            #expect(try await OverviewService(fixture.environment).overview().totals.banned == 0)
        }
    }
}
