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

extension AuditEvent {
    /// An operator put a dead job back in the queue. The job's kind, its attempts until then
    /// and its last error (redacted) say what was retried; the actor is the operator.
    static func emailRetried(_ job: OutboxJobSummary) -> AuditEvent {
        var traits = ["kind": job.kind, "job_id": job.id, "previous_attempts": String(job.attempts)]
        if let error = job.lastError { traits["previous_error"] = String(OutboxErrorRedaction.redact(error).prefix(300)) }
        let (email, userId): (String?, UUID?) =
            switch job.recipient {
            case .address(let address): (address, nil)
            case .account(let id): (job.recipientEmail, id)
            case .unknown: (nil, nil)
            }
        return AuditEvent(.emailRetried, user: userId, email: email, traits: traits)
    }

    /// An operator queued the console's test email to `email`.
    static func emailTestQueued(to email: String, jobId: UUID) -> AuditEvent {
        AuditEvent(
            .emailTestQueued, email: email,
            traits: ["kind": OutboxJob.consoleTest(email: email).kind, "job_id": jobId.lowercasedString])
    }
}
