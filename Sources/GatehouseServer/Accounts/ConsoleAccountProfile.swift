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

/// An account that acted on an audit entry's subject (an operator in the console, or an admin
/// calling the API with a user's token), as the console names it.
struct ConsoleActorAccount: Sendable, Equatable {
    var email: String
    var isOperator: Bool
}

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
    /// The accounts that acted in `auditEntries` (operators, admins), by lowercase id.
    var actors: [String: ConsoleActorAccount] = [:]

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
            let entries = try await work.auditLog.list(userId: userId, orEmail: user.email, limit: ConsoleAccountProfile.auditLimit)
            return ConsoleAccountProfile(
                user: user, sessions: try await work.sessions.consoleList(userId: userId),
                passkeys: try await work.passkeys.list(userId: userId).map(\.summary), auditEntries: entries,
                auditTotal: try await work.auditLog.count(userId: userId, orEmail: user.email),
                isOperator: try await work.users.isSuperAdmin(id: userId), actors: try await Self.actorAccounts(of: entries, in: work))
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

    /// The accounts behind the entries' id actors, and behind subjects recorded by id alone, by
    /// lowercase id (a deleted one is left out): the console names an account by its address,
    /// never by a bare id.
    static func actorAccounts(of entries: [AuditEntry], in work: UnitOfWork) async throws -> [String: ConsoleActorAccount] {
        var accounts: [String: ConsoleActorAccount] = [:]
        let subjects = entries.compactMap { $0.email == nil ? $0.userId : nil }
        for id in Set(entries.compactMap { $0.actor.flatMap(UUID.init(parsing:)) } + subjects) {
            guard let user = try await work.users.find(id: id) else { continue }
            accounts[id.lowercasedString] = ConsoleActorAccount(email: user.email, isOperator: try await work.users.isSuperAdmin(id: id))
        }
        return accounts
    }

    static let notFound = AuthError(.userNotFound, kind: .notFound)

    static func accountId(_ id: String) throws(AuthError) -> UUID {
        guard id.utf8.count <= 64, let uuid = UUID(parsing: id) else { throw notFound }
        return uuid
    }
}
