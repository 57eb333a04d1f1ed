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

// The rows written more than one way, each shape in one place. A new outbox job, a new audit
// entry and an opened send window are written alone (SQLKit), in batches (one multi-row
// statement) and, on SQLite's writer, by single-row statements kept prepared
// (`SQLiteDirectConnection`, a batch in one call). The columns, what a fresh row holds and the
// window's rule are written here once, so the three cannot drift.

/// A new outbox job: pending, no attempts, due at `now`, with the address it goes to.
enum OutboxInsert {
    static let columns = "id, kind, payload, state, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at, recipient"

    /// Where `outbox.recipient` comes from: the address the job carries, or the account it
    /// names, whose address is read in the same statement (an email change's message to the
    /// current address stays listed under that address after the change completes).
    enum Recipient: Sendable, Equatable {
        case address(String?)
        case account(UUID)
    }

    static func recipient(of job: OutboxJob) -> Recipient {
        switch job {
        case .emailChange(let userId, .current, _, _, _, _), .passwordChanged(let userId), .reauthentication(let userId):
            .account(userId)
        case .emailChange(_, .new, let newEmail, _, _, _):
            .address(newEmail)
        case .recovery, .signupConfirmation, .direct, .emailLink, .firebaseOob, .consoleTest:
            .address(job.auditSubject.email)
        }
    }

    /// One row's values, for SQLKit statements.
    static func row(id: UUID, kind: String, payload: String, now: Timestamp, recipient: Recipient) -> SQLQueryString {
        let now = now.microsecondsSinceEpoch
        let to: SQLQueryString =
            switch recipient {
            case .address(let address): "\(bind: address)"
            case .account(let userId): "(SELECT email FROM users WHERE id = \(bind: userId.lowercasedString))"
            }
        return
            "(\(bind: id.lowercasedString), \(bind: kind), \(bind: payload), 'pending', 0, \(bind: now), NULL, NULL, \(bind: now), \(bind: now), \(to))"
    }

    /// SQLite's kept single-row statement: ?1 id, ?2 kind, ?3 payload, ?4 now, ?5 the address
    /// (or NULL), ?6 the account whose address it is otherwise.
    static let singleRow = """
        INSERT INTO outbox (\(columns))
        VALUES (?1, ?2, ?3, 'pending', 0, ?4, NULL, NULL, ?4, ?4, COALESCE(?5, (SELECT email FROM users WHERE id = ?6)))
        """
}

/// A new audit entry, every column given.
enum AuditInsert {
    static let columns = "id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits"

    /// One entry's values, for SQLKit statements.
    static func row(_ entry: AuditEntry) -> SQLQueryString {
        """
        (\(bind: entry.id.lowercasedString), \(bind: entry.createdAt.microsecondsSinceEpoch), \(bind: entry.action), \
        \(bind: entry.userId?.lowercasedString), \(bind: entry.email), \(bind: entry.actor), \(bind: entry.ipAddress), \
        \(bind: entry.userAgent), \(bind: entry.requestId), \(bind: JSONColumn.encode(entry.traits)))
        """
    }

    /// SQLite's kept single-row statement, the columns in order as ?1 … ?10.
    static let singleRow = "INSERT INTO audit_log_entries (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"

    /// One entry as members of a JSON object, for PostgreSQL's batch statement, which takes its
    /// rows as one JSON array: `jsonRecord` reads them back (`json_to_recordset`), and
    /// `jsonValues` selects them in `columns`' order.
    static func writeJSONFields(_ entry: AuditEntry, into row: inout JSONWriter) {
        row.field("audit_id", entry.id.lowercasedString)
        row.field("audit_at", entry.createdAt.microsecondsSinceEpoch)
        row.field("action", entry.action)
        row.field("user_id", ifPresent: entry.userId?.lowercasedString)
        row.field("email", ifPresent: entry.email)
        row.field("actor", ifPresent: entry.actor)
        row.field("ip_address", entry.ipAddress)
        row.field("user_agent", ifPresent: entry.userAgent)
        row.field("request_id", ifPresent: entry.requestId)
        row.field("traits", JSONColumn.encode(entry.traits))
    }

    static let jsonRecord = """
        audit_id text, audit_at bigint, action text, user_id text, email text, actor text, ip_address text, user_agent text,
        request_id text, traits text
        """

    static let jsonValues = "audit_id, audit_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits"
}

/// Opening an address's send window (`email_send_windows`): a new row, or the existing one
/// overwritten only when its window is over. The multi-row forms return the keys they opened.
enum SendWindowClaim {
    static let insert = "INSERT INTO email_send_windows (address_key, last_sent_at) VALUES "

    /// What follows the rows. The window's length is the server's setting, a whole number of
    /// microseconds written into the text (so SQLite's kept statement stays one statement).
    static func onConflict(window: Double) -> String {
        " ON CONFLICT (address_key) DO UPDATE SET last_sent_at = excluded.last_sent_at"
            + " WHERE email_send_windows.last_sent_at <= excluded.last_sent_at - \(Int64(window * 1_000_000))"
    }

    /// Follows `onConflict` where the keys opened are read from the statement's rows.
    static let returningKeys = " RETURNING address_key"

    /// SQLite's kept single-row statement: ?1 the key, ?2 now. No RETURNING: whether it opened
    /// the window is whether it changed a row (`SQLiteDirectConnection.changedRows`).
    static func singleRow(window: Double) -> String { insert + "(?1, ?2)" + onConflict(window: window) }
}
