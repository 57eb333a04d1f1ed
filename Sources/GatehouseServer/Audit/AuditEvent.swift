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

/// One event as a service reports it: what happened and to whom. Who asked, from where, and in
/// which request is added from the request's `AuditRequest` when it is written.
///
/// Traits describe the event (a failure's reason, a link's type, a factor's id). Never a
/// password, token, code or link: the log is read by operators and kept for months.
struct AuditEvent: Sendable {
    var action: AuditAction
    var userId: UUID?
    /// The address the event concerns, as it was then (also for addresses with no account: a
    /// recovery request or failed sign-in for an unknown address is worth seeing).
    var email: String?
    var traits: [String: String]

    init(_ action: AuditAction, user userId: UUID? = nil, email: String? = nil, traits: [String: String] = [:]) {
        self.action = action
        self.userId = userId
        self.email = email
        self.traits = traits
    }

    init(_ action: AuditAction, _ user: UserRecord, traits: [String: String] = [:]) {
        self.init(action, user: user.id, email: user.email, traits: traits)
    }
}

/// An event as stored: the event, its time and its request's details.
struct AuditEntry: Sendable, Equatable {
    var id: UUID
    var createdAt: Timestamp
    var action: String
    var userId: UUID?
    var email: String?
    /// Who caused it: `service_role` (the admin API), an admin user's id, or nil when the
    /// subject acted on their own account (or nobody is known, e.g. a failed sign-in).
    var actor: String?
    var ipAddress: String
    var userAgent: String?
    var requestId: String?
    var traits: [String: JSONValue]
}

/// Which entries a listing asks for; every part optional.
struct AuditFilter: Sendable, Equatable {
    var userId: UUID?
    var email: String?
    var actions: [String] = []
    var since: Timestamp?
    var until: Timestamp?
}
