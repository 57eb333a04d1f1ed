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
    /// The entries one `PUT /admin/users/{id}` writes: what changed, named, never the values
    /// (no password, no metadata); a ban or its lifting and a new password get their own action,
    /// so an operator filtering for them finds admin changes too.
    static func adminUpdate(
        _ request: AdminUserRequest, of user: UserRecord, emailChanged: Bool, bannedUntil: Timestamp??
    ) -> [AuditEvent] {
        var events: [AuditEvent] = []
        var fields: [String] = []
        if emailChanged { fields.append("email") }
        if request.emailConfirm != nil { fields.append("email_confirm") }
        if request.userMetadata != nil { fields.append("user_metadata") }
        if request.appMetadata != nil { fields.append("app_metadata") }
        if let role = request.role, !role.isEmpty { fields.append("role") }
        if !fields.isEmpty { events.append(AuditEvent(.userModified, user, traits: ["fields": fields.joined(separator: ",")])) }
        if request.password != nil { events.append(AuditEvent(.passwordChanged, user, traits: ["via": "admin"])) }
        switch bannedUntil {
        case .some(.some(let until)): events.append(AuditEvent(.userBanned, user, traits: ["until": until.rfc3339]))
        case .some(.none): events.append(AuditEvent(.userUnbanned, user))
        case .none: break
        }
        return events
    }
}

extension AuditEvent {
    /// An event about one of a user's second factors (its id and type; never its secret).
    static func factor(_ action: AuditAction, _ factor: FactorRecord, extra: [String: String] = [:]) -> AuditEvent {
        AuditEvent(
            action, user: factor.userId,
            traits: extra.merging(["factor_id": factor.id.lowercasedString, "factor_type": factor.factorType]) { $1 })
    }
}
