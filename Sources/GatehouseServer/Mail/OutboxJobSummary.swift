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

/// Where an outbox job stands (the `outbox.state` column).
enum OutboxState: String, Sendable, CaseIterable {
    /// `skipped`: done, with nothing to send (no account for the address).
    case pending, sending, sent, skipped, dead
}

/// One outbox job as the console lists it: what kind of email, to whom, how its delivery went.
/// Never the job's payload: a job carries no secret (tokens are minted when it is sent), and
/// the console shows only what an operator needs to follow a delivery.
struct OutboxJobSummary: Sendable, Equatable {
    /// Whom the job writes to: the address stored with it when it was queued
    /// (`outbox.recipient`), else the address its payload names (an email change's new
    /// address among them), else the account it names, whose address the service looks up:
    /// only a job queued before the outbox kept its recipient.
    enum Recipient: Sendable, Equatable {
        case address(String)
        case account(UUID)
        case unknown

        init(stored: String?, job: OutboxJob?) {
            if let stored, !stored.isEmpty {
                self = .address(stored)
            } else if case .emailChange(_, .new, let newEmail, _, _, _) = job {
                self = .address(newEmail)
            } else if let subject = job?.auditSubject, let email = subject.email {
                self = .address(email)
            } else if let userId = job?.auditSubject.userId {
                self = .account(userId)
            } else {
                self = .unknown
            }
        }
    }

    var id: String
    var kind: String
    var state: OutboxState
    var recipient: Recipient
    /// The address resolved for an `.account` recipient (nil when the account is gone): the
    /// account's address now, which may not be where the job went.
    var recipientEmail: String?
    var attempts: Int
    var createdAt: Timestamp
    /// When the job last changed: for a sent, skipped or dead job, its last attempt.
    var updatedAt: Timestamp
    var nextAttemptAt: Timestamp?
    var lockedUntil: Timestamp?
    /// The relay's or transport's reason for the last failure, redacted (`OutboxErrorRedaction`).
    var lastError: String?

    /// What the console shows as the recipient.
    var recipientLabel: String {
        switch recipient {
        case .address(let email): email
        case .account(let id): recipientEmail ?? "account \(id.lowercasedString)"
        case .unknown: "unknown"
        }
    }
}

/// One page of the outbox in one state, with the counts of every state (the console's tabs).
struct OutboxPage: Sendable, Equatable {
    static let pageSize = 50

    var state: OutboxState
    /// 1-based.
    var page: Int
    var jobs: [OutboxJobSummary]
    var counts: [OutboxState: Int]

    var total: Int { counts[state] ?? 0 }
    var pageCount: Int { max(1, (total + Self.pageSize - 1) / Self.pageSize) }
    var hasPrevious: Bool { page > 1 }
    var hasNext: Bool { page < pageCount }
}

/// What a retry of a dead job came to.
enum OutboxRetryOutcome: Sendable, Equatable {
    /// Back in the queue, due now.
    case retried(OutboxJobSummary)
    /// Not dead (already retried, sending, sent, …): nothing changed.
    case notDead(OutboxState)
    case notFound
}
