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

/// Everything the console's account page shows about one account, read in one unit of work.
struct ConsoleAccountProfile: Sendable {
    var user: UserRecord
    var sessions: [ConsoleSessionSummary]
    var passkeys: [PasskeySummary]
    /// The newest entries about the account (by its id or its address), newest first.
    var auditEntries: [AuditEntry]
    var auditTotal: Int
    /// An operator of the console (`is_super_admin`).
    var isOperator: Bool = false

    var factors: [FactorRecord] { user.factors }

    static let auditLimit = 50
}

extension ConsoleAccountService {
    /// The account `id` names, with its sessions, factors, passkeys and latest audit entries.
    /// A malformed id is the same 404 as an unknown one: the page only has "no such account".
    func profile(id: String) async throws(AuthError) -> ConsoleAccountProfile {
        let userId = try Self.accountId(id)
        let profile = try await store.run(.read) { work -> ConsoleAccountProfile? in
            guard let user = try await work.users.find(id: userId) else { return nil }
            return ConsoleAccountProfile(
                user: user, sessions: try await work.sessions.consoleList(userId: userId),
                passkeys: try await work.passkeys.list(userId: userId).map(\.summary),
                auditEntries: try await work.auditLog.list(userId: userId, orEmail: user.email, limit: ConsoleAccountProfile.auditLimit),
                auditTotal: try await work.auditLog.count(userId: userId, orEmail: user.email),
                isOperator: try await work.users.isSuperAdmin(id: userId))
        }
        guard let profile else { throw Self.notFound }
        return profile
    }

    /// The account `id` names (for the confirmation pages).
    func account(id: String) async throws(AuthError) -> UserRecord {
        let userId = try Self.accountId(id)
        guard let user = try await store.run(.read, { try await $0.users.find(id: userId) }) else { throw Self.notFound }
        return user
    }

    static let notFound = AuthError(.userNotFound, status: .notFound, "User not found")

    static func accountId(_ id: String) throws(AuthError) -> UUID {
        guard id.utf8.count <= 64, let uuid = UUID(parsing: id) else { throw notFound }
        return uuid
    }
}
