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
import SQLKit

/// What the database forgets, and when: rows that can never be used again. Without this,
/// unexchanged PKCE codes, spent tokens, send windows and delivered jobs would pile up forever.
/// Dead outbox jobs and sessions are kept (the first are for people to look at, the second live
/// until their user signs out).
struct Retention: Sendable {
    static let day: Double = 86_400
    let database: any SQLDatabase

    /// `auditRetention`: seconds audit entries are kept (`GATEHOUSE_AUDIT_RETENTION`; 0: for good).
    func purge(now: Timestamp, auditRetention: Int = 0) async throws {
        if auditRetention > 0 {
            try await AuditLogRepository(database: database).purge(before: now.adding(seconds: -Double(auditRetention)))
        }
        let dayAgo = now.adding(seconds: -Self.day).microsecondsSinceEpoch
        // Authorization codes live five minutes; GoTrue also collects flow states after a day.
        try await database.raw("DELETE FROM flow_states WHERE created_at < \(bind: dayAgo)").run()
        // Spent or expired tokens, once a day old (a day covers the longest configurable lifetime).
        try await database.raw(
            """
            DELETE FROM one_time_tokens
            WHERE created_at < \(bind: dayAgo) AND (consumed_at IS NOT NULL OR expires_at < \(bind: now.microsecondsSinceEpoch))
            """
        ).run()
        // A window is at most a day long (GATEHOUSE_EMAIL_SEND_WINDOW ≤ 86400).
        try await database.raw("DELETE FROM email_send_windows WHERE last_sent_at < \(bind: dayAgo)").run()
        // Attempt budgets: every window is at most a day long (sign-in ≤ 86400 s, codes an hour).
        try await database.raw("DELETE FROM attempt_budgets WHERE window_started_at < \(bind: dayAgo)").run()
        // WebAuthn challenges nobody can answer any more (their verify would say "expired").
        try await WebAuthnChallengeRepository(database: database).deleteExpired(now: now)
        // Request buckets untouched for a day have refilled long ago (a full refill takes at most
        // burst × 300 s / per-five-minutes; the bucket's row is made again, full, when needed).
        try await database.raw("DELETE FROM rate_limit_buckets WHERE updated_at < \(bind: dayAgo)").run()
        // Finished jobs after a week; dead ones stay for `gatehouse mail status`.
        let weekAgo = now.adding(seconds: -7 * Self.day).microsecondsSinceEpoch
        try await database.raw(
            """
            DELETE FROM outbox WHERE state IN ('sent', 'skipped') AND updated_at < \(bind: weekAgo)
            """
        ).run()
    }
}
