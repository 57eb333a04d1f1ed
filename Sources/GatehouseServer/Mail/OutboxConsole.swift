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

/// The console's mail operations: the outbox page by page, retrying a dead job, queueing a
/// test email. The two writes are audited in their own transaction, with the operator (the
/// request's `AuditRequest.actor`) as the actor.
extension MailService {
    /// Page `page` (1-based) of the jobs in `state`, newest first, with the counts per state;
    /// with no state, the one whose jobs changed last (`liveliest`). Errors are redacted and the
    /// recipients of jobs queued before the outbox kept them resolved to the account's address.
    func outboxPage(state: OutboxState?, page: Int) async throws(AuthError) -> OutboxPage {
        let page = max(1, page)
        let offset = (min(page, Int(Int32.max) / OutboxPage.pageSize) - 1) * OutboxPage.pageSize
        return try await store.run { work in
            let activity = try await work.outbox.activity()
            let counts = activity.counts
            let state = state ?? Self.liveliest(activity.latest)
            var jobs = try await work.outbox.list(state: state, limit: OutboxPage.pageSize, offset: offset)
            for index in jobs.indices { jobs[index] = try await Self.presentable(jobs[index], in: work) }
            return OutboxPage(state: state, page: page, jobs: jobs, counts: counts)
        }
    }

    /// The state whose jobs changed most recently (pending when the outbox is empty): the tab
    /// an operator opening Mail most likely wants, rather than an empty one.
    static func liveliest(_ latest: [OutboxState: Timestamp]) -> OutboxState {
        OutboxState.allCases.reduce(OutboxState.pending) { best, state in
            guard let time = latest[state] else { return best }
            guard let bestTime = latest[best] else { return state }
            return time > bestTime ? state : best
        }
    }

    /// One job as the console shows it, or nil when there is none with `id`.
    func outboxJob(id: UUID) async throws(AuthError) -> OutboxJobSummary? {
        try await store.run { work in
            guard let job = try await work.outbox.find(id: id) else { return nil }
            return try await Self.presentable(job, in: work)
        }
    }

    /// Puts dead job `id` back in the queue, due now, and wakes the worker.
    ///
    /// Its attempts start again from zero: the worker gives up on a job once it has used
    /// `GATEHOUSE_MAIL_MAX_ATTEMPTS`, so a job retried with its old count would die at its first
    /// transient failure; an operator retries after fixing the cause, and the job deserves the
    /// whole schedule again. The old count and error stay in the audit entry.
    func retryDeadJob(id: UUID) async throws(AuthError) -> OutboxRetryOutcome {
        let now = clock.now()
        let outcome = try await store.run(.transaction) { work -> OutboxRetryOutcome in
            if let before = try await work.outbox.retryDead(id: id, now: now) {
                let job = try await Self.presentable(before, in: work)
                try await work.audit(.emailRetried(job), at: now)
                return .retried(job)
            }
            guard let current = try await work.outbox.find(id: id) else { return .notFound }
            return .notDead(current.state)
        }
        if case .retried = outcome { outboxSignal.nudge() }
        return outcome
    }

    /// Queues the console's test email to `address` through the real outbox and transport;
    /// returns the job's id.
    func queueTestEmail(to address: EmailAddress) async throws(AuthError) -> UUID {
        let now = clock.now()
        let id = random.timeOrderedUUID(at: now)
        try await store.run(.transaction) { work in
            try await work.outbox.enqueue(.consoleTest(email: address.normalized), id: id, now: now)
            try await work.audit(.emailTestQueued(to: address.normalized, jobId: id), at: now)
        }
        outboxSignal.nudge()
        return id
    }

    /// The job with its error redacted and, for a job naming an account, that account's address.
    private static func presentable(_ job: OutboxJobSummary, in work: UnitOfWork) async throws -> OutboxJobSummary {
        var job = job
        job.lastError = job.lastError.map(OutboxErrorRedaction.redact)
        if case .account(let userId) = job.recipient {
            job.recipientEmail = try await work.users.find(id: userId)?.email
        }
        return job
    }
}
