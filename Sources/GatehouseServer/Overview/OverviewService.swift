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

import GatehouseCore

/// Reads what the console's overview page shows: current totals and the last seven days of
/// activity from the audit log. Read-only; no audit entry of its own (looking is not an action).
struct OverviewService: Sendable {
    let store: Store
    let clock: ServerClock
    let sessionLimits: ServerConfiguration.SessionLimits

    init(_ environment: ServerEnvironment) {
        store = environment.store
        clock = environment.clock
        sessionLimits = environment.configuration.sessions
    }

    func overview() async throws(AuthError) -> ConsoleOverview {
        let now = clock.now()
        let window = HourlyActivity.window(at: now)
        let limits = sessionLimits
        return try await store.run { work in
            let actions = ActivitySeries.allCases.flatMap(\.actions).map(\.rawValue)
            let rows = try await work.overview.hourlyCounts(actions: actions, hours: window)
            let accounts = try await work.overview.accountTotals(now: now)
            let outbox = try await work.overview.outboxTotals()
            // A session is past its time-box when it began before this, idle when last refreshed before that.
            let sessions = try await work.overview.sessionCount(
                createdAfter: limits.timebox > 0 ? now.adding(seconds: -Double(limits.timebox)) : nil,
                refreshedAfter: limits.inactivityTimeout > 0 ? now.adding(seconds: -Double(limits.inactivityTimeout)) : nil)
            let totals = OverviewTotals(
                accounts: accounts.accounts, confirmed: accounts.confirmed, banned: accounts.banned, activeSessions: sessions,
                outboxPending: outbox.pending, outboxDead: outbox.dead)
            return ConsoleOverview(
                totals: totals,
                activity: HourlyActivity(firstHour: window.lowerBound, rows: rows.map { ($0.action, $0.hour, $0.count) }))
        }
    }
}
