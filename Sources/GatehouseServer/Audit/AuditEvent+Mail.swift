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

extension OutboxJob {
    /// Whom the job writes to, as far as the job itself says (an address, or an account).
    var auditSubject: (email: String?, userId: UUID?) {
        switch self {
        case .recovery(let email, _, _, _), .signupConfirmation(let email, _, _, _, _), .emailLink(_, let email, _, _, _, _),
            .firebaseOob(let email, _), .consoleTest(let email):
            (email, nil)
        case .passwordChanged(let userId), .reauthentication(let userId), .emailChange(let userId, _, _, _, _, _): (nil, userId)
        case .direct(let message): (message.to.address, nil)
        }
    }
}

extension AuditEvent {
    /// What became of one delivery attempt of an outbox job: sent; skipped (no account to write
    /// to); deferred (a transient failure, tried again later); bounced (refused for good by the
    /// relay); dead (out of attempts). The relay's reason is kept, the message is not.
    static func delivery(_ action: AuditAction, _ entry: OutboxEntry, reason: String? = nil) -> AuditEvent {
        let subject = entry.job.auditSubject
        var traits = ["kind": entry.job.kind, "job_id": entry.id.lowercasedString, "attempt": String(entry.attempts)]
        if let reason { traits["reason"] = String(reason.prefix(300)) }
        return AuditEvent(action, user: subject.userId, email: subject.email, traits: traits)
    }
}
