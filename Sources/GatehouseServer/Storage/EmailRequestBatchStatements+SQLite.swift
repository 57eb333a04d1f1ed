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
import GatehouseSQLite
import SQLiteNIO

// The writes of a batch of "send me an email" requests (`EmailRequestCommitter`) on SQLite's
// direct connection: the same rows as the multi-row statements in
// EmailRequestBatchStatements.swift, written by single-row statements that stay prepared from one
// batch to the next, all in the one transaction `SQLiteStore.writeDirect` opens.

extension SQLiteDirectConnection {
    /// Writes `plan`'s claims, jobs and audit entries; the wait of each request (nil: written).
    func writeEmailRequests(_ plan: EmailRequestBatchPlan) throws -> [Int?] {
        let claimWindow = SendWindowClaim.singleRow(window: plan.window)
        var opened: Set<String> = []
        for claim in plan.claims {
            try run(claimWindow, [.text(claim.key), .integer(Int(claim.now.microsecondsSinceEpoch))])
            if changedRows == 1 { opened.insert(claim.key) }
        }
        let accepted = plan.accepted(opened: opened)
        for index in accepted {
            let job = plan.requests[index].job
            let now = SQLiteData.integer(Int(job.now.microsecondsSinceEpoch))
            try run(
                OutboxInsert.singleRow, [.text(job.id.lowercasedString), .text(job.kind), .text(job.payload), now] + job.recipient.binds)
            try insertAuditEntry(plan.requests[index].audit)
        }
        var lastSent: [String: Int64] = [:]
        for key in plan.refusedKeys(accepted: accepted) {
            try run(Self.lastSent, [.text(key)]) { row in lastSent[key] = row.integer(0) }
        }
        return plan.waits(accepted: accepted, lastSent: lastSent)
    }

    /// Appends one audit entry (a single-row statement, kept prepared). Also used by
    /// `AuditLogRepository.appendEach` on SQLite: SQLKit's interpolation sent each of a row's ten
    /// values through a cast and the `Codable` encoder (Benchmarks/PROFILE.md).
    func insertAuditEntry(_ entry: AuditEntry) throws {
        try run(
            AuditInsert.singleRow,
            [
                .text(entry.id.lowercasedString), .integer(Int(entry.createdAt.microsecondsSinceEpoch)), .text(entry.action),
                .optionalText(entry.userId?.lowercasedString), .optionalText(entry.email), .optionalText(entry.actor),
                .text(entry.ipAddress), .optionalText(entry.userAgent), .optionalText(entry.requestId),
                .text(JSONColumn.encode(entry.traits)),
            ])
    }

    private static let lastSent = "SELECT last_sent_at FROM email_send_windows WHERE address_key = ?1"
}

extension OutboxInsert.Recipient {
    /// ?5 and ?6 of `OutboxInsert.singleRow`.
    fileprivate var binds: [SQLiteData] {
        switch self {
        case .address(let address): [.optionalText(address), .null]
        case .account(let userId): [.null, .text(userId.lowercasedString)]
        }
    }
}

extension SQLiteData {
    /// Text, or NULL for nil.
    static func optionalText(_ value: String?) -> SQLiteData { value.map { .text($0) } ?? .null }
}
