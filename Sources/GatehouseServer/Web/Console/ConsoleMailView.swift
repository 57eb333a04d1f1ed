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

/// The values of the outbox page's template (`console_mail.mustache`): the state tabs with
/// their counts, the table's rows, the pager. Only what `OutboxJobSummary` holds: no payload,
/// token or link ever reaches the page, and errors arrive redacted.
enum ConsoleMailView {
    static func label(_ state: OutboxState) -> String {
        switch state {
        case .pending: "Pending"
        case .sending: "Sending"
        case .sent: "Sent"
        case .skipped: "Skipped"
        case .dead: "Dead"
        }
    }

    static func path(_ state: OutboxState, page: Int = 1) -> String {
        page > 1 ? "/admin/mail/outbox?state=\(state.rawValue)&page=\(page)" : "/admin/mail/outbox?state=\(state.rawValue)"
    }

    static func values(of outbox: OutboxPage) -> [String: Any] {
        let state = outbox.state
        return [
            "tabs": OutboxState.allCases.map { tab -> [String: Any] in
                ["label": label(tab), "path": path(tab), "count": outbox.counts[tab] ?? 0, "current": tab == state]
            },
            "heading": "\(label(state)) emails", "stateLabel": label(state).lowercased(),
            "timeHeading": state == .pending ? "Next attempt" : state == .sending ? "Lease until" : "Last attempt",
            "dead": state == .dead, "empty": outbox.jobs.isEmpty,
            "jobs": outbox.jobs.map(row(of:)),
            "page": outbox.page, "pageCount": outbox.pageCount,
            "previous": outbox.hasPrevious ? path(state, page: min(outbox.page - 1, outbox.pageCount)) : false,
            "next": outbox.hasNext ? path(state, page: outbox.page + 1) : false,
        ]
    }

    static func row(of job: OutboxJobSummary) -> [String: Any] {
        let when: Timestamp? =
            switch job.state {
            case .pending: job.nextAttemptAt
            case .sending: job.lockedUntil
            case .sent, .skipped, .dead: job.attempts > 0 ? job.updatedAt : nil
            }
        return [
            "id": job.id, "kind": job.kind, "kindLabel": ConsoleLabels.jobKind(job.kind), "kindNoun": ConsoleLabels.jobNoun(job.kind),
            "recipient": job.recipientLabel, "attempts": job.attempts,
            "createdAt": job.createdAt.rfc3339, "createdTitle": ConsoleTime.exact(job.createdAt),
            "createdLabel": ConsoleTime.label(job.createdAt),
            "when": when.map(\.rfc3339) ?? false, "whenTitle": when.map(ConsoleTime.exact) ?? "",
            "whenLabel": when.map(ConsoleTime.label) ?? "",
            "lastError": job.lastError ?? false, "dead": job.state == .dead,
            "state": label(job.state), "stateValue": job.state.rawValue,
        ]
    }
}
