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

extension AuditEvent {
    /// An emailed link or code was spent (never the token itself: only what it was for).
    static func redeemed(_ token: OneTimeTokenRecord, by user: UserRecord) -> AuditEvent {
        AuditEvent(.tokenRedeemed, user, traits: ["purpose": token.purpose.rawValue])
    }
}

extension RecoveryService {
    /// A link or code that did not work: unknown, spent, expired or out of guesses. Written on
    /// its own (the refusal has no transaction) and never changes the answer.
    func auditRejected(kind: String, type: String, email: String? = nil) async {
        await store.audit(AuditEvent(.tokenRejected, email: email, traits: ["kind": kind, "type": type]), at: clock.now())
    }
}
