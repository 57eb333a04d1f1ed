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

extension Store {
    /// Writes a batch of "send me an email" requests (`EmailRequestCommitter`) in one
    /// transaction: each request's send window, then the outbox job and audit entry of each
    /// request whose window opened. Returns the wait of each request (nil: written).
    ///
    /// On PostgreSQL one statement (EmailRequestBatchStatements+Postgres.swift), or with the
    /// window off three multi-row statements (EmailRequestBatchStatements.swift); on SQLite
    /// single-row statements kept prepared, run in one call on the direct connection
    /// (EmailRequestBatchStatements+SQLite.swift), which costs less there.
    func writeEmailRequests(_ plan: EmailRequestBatchPlan) async throws -> [Int?] {
        if let sqlite = sql as? SQLiteStore {
            return try await sqlite.writeDirect { try $0.writeEmailRequests(plan) }
        }
        if plan.window > 0, let written = try await writeEmailRequestsInOneStatement(plan) {
            return written
        }
        return try await perform(.transaction) { work in
            let opened = try await work.emailWindows.claimEach(plan.claims, window: plan.window)
            let accepted = plan.accepted(opened: opened)
            try await work.outbox.enqueueEach(accepted.map { plan.requests[$0].job })
            try await work.auditLog.appendEach(accepted.map { plan.requests[$0].audit })
            return try await Self.waits(plan, accepted: accepted, in: work)
        }
    }

    /// PostgreSQL's single statement (EmailRequestBatchStatements+Postgres.swift), then the
    /// refused addresses' windows read; nil on SQLite.
    private func writeEmailRequestsInOneStatement(_ plan: EmailRequestBatchPlan) async throws -> [Int?]? {
        let statement = EmailRequestBatchStatement(plan)
        return try await perform(.statement) { work -> [Int?]? in
            guard let postgres = work.database as? PostgresConnectionSQL else { return nil }
            let rows = try await postgres.rows(statement)
            let opened = Set(try rows.map { try $0.decode(column: "address_key", as: String.self) })
            return try await Self.waits(plan, accepted: plan.accepted(opened: opened), in: work)
        }
    }

    /// Each request's answer once the accepted ones are written: the refused addresses' windows
    /// are read for their waits.
    private static func waits(_ plan: EmailRequestBatchPlan, accepted: [Int], in work: UnitOfWork) async throws -> [Int?] {
        let lastSent = try await work.emailWindows.lastSent(plan.refusedKeys(accepted: accepted))
        return plan.waits(accepted: accepted, lastSent: lastSent)
    }
}
