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

/// The console overview's current totals.
struct OverviewTotals: Sendable, Equatable {
    /// Accounts not deleted (soft-deleted ones are gone for the operator too).
    var accounts = 0
    /// Of those, accounts whose email address is confirmed.
    var confirmed = 0
    /// Of those, accounts banned at this moment.
    var banned = 0
    /// Sessions that can still be refreshed: not signed out, and within the session time-box and
    /// inactivity limits when those are set.
    var activeSessions = 0
    /// Outbox jobs waiting to be sent, and jobs given up on.
    var outboxPending = 0
    var outboxDead = 0
}

/// Everything the console's overview shows, read in one go.
struct ConsoleOverview: Sendable, Equatable {
    var totals: OverviewTotals
    var activity: HourlyActivity
}
