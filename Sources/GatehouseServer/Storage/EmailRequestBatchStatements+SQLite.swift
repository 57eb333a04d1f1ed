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
import SQLiteNIO

// The writes of a batch of "send me an email" requests (`EmailRequestCommitter`) on SQLite's
// direct connection: the same rows as the multi-row statements in
// EmailRequestBatchStatements.swift, written by single-row statements that stay prepared from one
// batch to the next, all in the one transaction `SQLiteStore.writeDirect` opens.

extension SQLiteDirectConnection {
    /// Writes `plan`'s claims, jobs and audit entries; the wait of each request (nil: written).
    func writeEmailRequests(_ plan: EmailRequestBatchPlan) throws -> [Int?] {
        let window = Int(plan.window * 1_000_000)
        var opened: Set<String> = []
        for claim in plan.claims {
            try run(Self.claimWindow, [.text(claim.key), .integer(Int(claim.now.microsecondsSinceEpoch)), .integer(window)]) { _ in
                opened.insert(claim.key)
            }
        }
        let accepted = plan.accepted(opened: opened)
        for index in accepted {
            let job = plan.requests[index].job
            let now = SQLiteData.integer(Int(job.now.microsecondsSinceEpoch))
            try run(Self.insertJob, [.text(job.id.lowercasedString), .text(job.kind), .text(job.payload), now, now, now])
            try insertAuditEntry(plan.requests[index].audit)
        }
        var lastSent: [String: Int64] = [:]
        for key in plan.refusedKeys(accepted: accepted) {
            try run(Self.lastSent, [.text(key)]) { row in lastSent[key] = row.integer(0) }
        }
        return plan.waits(accepted: accepted, lastSent: lastSent)
    }

    /// Appends one audit entry (a single-row statement, kept prepared). Also used by
    /// `AuditLogRepository.appendEach` on SQLite: SQLKit's interpolation and `Codable` encoder
    /// cost ~2,500 instructions a bound value, ten a row.
    func insertAuditEntry(_ entry: AuditEntry) throws {
        try run(
            Self.insertAuditEntry,
            [
                .text(entry.id.lowercasedString), .integer(Int(entry.createdAt.microsecondsSinceEpoch)), .text(entry.action),
                .optionalText(entry.userId?.lowercasedString), .optionalText(entry.email), .optionalText(entry.actor),
                .text(entry.ipAddress), .optionalText(entry.userAgent), .optionalText(entry.requestId),
                .text(JSONColumn.encode(entry.traits)),
            ])
    }

    /// Opens a key's window unless it is still open; returns the key when it opened.
    private static let claimWindow = """
        INSERT INTO email_send_windows (address_key, last_sent_at) VALUES (?1, ?2)
        ON CONFLICT (address_key) DO UPDATE SET last_sent_at = excluded.last_sent_at
        WHERE email_send_windows.last_sent_at <= excluded.last_sent_at - ?3
        RETURNING address_key
        """

    private static let insertJob = """
        INSERT INTO outbox (id, kind, payload, state, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at)
        VALUES (?1, ?2, ?3, 'pending', 0, ?4, NULL, NULL, ?5, ?6)
        """

    private static let insertAuditEntry = """
        INSERT INTO audit_log_entries (id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
        """

    private static let lastSent = "SELECT last_sent_at FROM email_send_windows WHERE address_key = ?1"
}

extension SQLiteData {
    /// Text, or NULL for nil.
    static func optionalText(_ value: String?) -> SQLiteData { value.map { .text($0) } ?? .null }
}
