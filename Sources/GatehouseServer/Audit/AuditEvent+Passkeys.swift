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
    /// An event about one of a user's passkeys (its id; never its key or credential id).
    static func passkey(_ action: AuditAction, _ passkey: PasskeyRecord, of user: UserRecord, extra: [String: String] = [:]) -> AuditEvent {
        AuditEvent(action, user, traits: extra.merging(["passkey_id": passkey.id.lowercasedString]) { $1 })
    }
}

extension PasskeyService {
    /// A passkey sign-in refused after the passkey was found (a bad signature, an unconfirmed
    /// address, a ban): written on its own, never changing the answer.
    func auditRefusal(_ user: UserRecord, _ passkey: PasskeyRecord, reason: String, now: Timestamp) async {
        await store.audit(.passkey(.loginFailed, passkey, of: user, extra: ["reason": reason, "method": "passkey"]), at: now)
    }
}
