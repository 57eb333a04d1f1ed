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

/// A user as the operator commands print it: the columns of the table, and the admin API's
/// user JSON (GoTrue's shape) for `--json`.
public struct OperatorUser: Sendable {
    public let id: String
    public let email: String
    public let role: String
    public let createdAt: Timestamp
    public let confirmedAt: Timestamp?
    public let lastSignInAt: Timestamp?
    public let bannedUntil: Timestamp?
    public let deletedAt: Timestamp?
    /// What `GET /admin/users/{id}` answers for this user (never the password hash).
    public let payload: UserPayload

    init(_ record: UserRecord) {
        id = record.id.lowercasedString
        email = record.email
        role = record.role
        createdAt = record.createdAt
        confirmedAt = record.emailConfirmedAt
        lastSignInAt = record.lastSignInAt
        bannedUntil = record.bannedUntil
        deletedAt = record.deletedAt
        payload = record.payload
    }

    /// Whether a ban is in force now.
    public var isBanned: Bool { bannedUntil.map { $0 > Timestamp.now() } ?? false }
}

/// One page of `gatehouse users list`, and how many users match in all.
public struct OperatorUserPage: Sendable {
    public let users: [OperatorUser]
    public let total: Int
    public let page: Int
    public let perPage: Int
}
