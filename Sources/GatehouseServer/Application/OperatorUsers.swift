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
import Logging

/// `gatehouse users …`: the operator's user management on the configured store, through the same
/// services as the admin API, so the same rules hold (password policy, ban durations, sessions
/// and tokens ended on a password change, soft or hard delete). Users are addressed by id or
/// by email address.
public struct OperatorUsers: Sendable {
    let services: GatehouseServices

    /// Opens the configured store (migrating it, as `serve` does), runs `body`, and closes it.
    /// Where there is no database the server made, `OperatorFailure` `.notFound` (`ExistingDatabase`).
    public static func with<T: Sendable>(
        configuration: ServerConfiguration, _ body: @escaping @Sendable (OperatorUsers) async throws -> T
    ) async throws -> T {
        let logger = Logger(label: "gatehouse.users")
        return try await GatehouseAdministration.withStore(configuration, existing: true) { store in
            let environment = try await ServerEnvironment.live(configuration: configuration, store: store, logger: logger)
            do {
                // The audit log names the operator's terminal as who acted.
                let operatorOrigin = AuditRequest(ipAddress: "", userAgent: "gatehouse users", requestId: nil, actor: "cli")
                let result = try await AuditRequest.$current.withValue(operatorOrigin) {
                    try await body(OperatorUsers(services: GatehouseServices(environment: environment)))
                }
                await environment.hasher.shutdown()
                return result
            } catch {
                await environment.hasher.shutdown()
                throw error
            }
        }
    }

    private var accounts: AccountService { services.accounts }

    public func list(page: Int, perPage: Int, emailContaining fragment: String?) async throws(OperatorFailure) -> OperatorUserPage {
        guard page >= 1 else { throw OperatorFailure(.usage, "--page must be 1 or more") }
        guard (1...1000).contains(perPage) else { throw OperatorFailure(.usage, "--per-page must be between 1 and 1000") }
        let found = try await OperatorFailure.mapping {
            () async throws(AuthError) -> UserPage in
            if let fragment, !fragment.isEmpty {
                return try await accounts.adminListUsers(page: page, perPage: perPage, emailContaining: fragment)
            }
            return try await accounts.adminListUsers(page: page, perPage: perPage)
        }
        return OperatorUserPage(users: found.users.map(OperatorUser.init), total: found.total, page: page, perPage: perPage)
    }

    public func show(_ reference: String) async throws(OperatorFailure) -> OperatorUser {
        OperatorUser(try await find(reference))
    }

    public func create(email: String, password: String?, confirmed: Bool) async throws(OperatorFailure) -> OperatorUser {
        let request = AdminUserRequest(email: email, password: password, emailConfirm: confirmed)
        return OperatorUser(try await OperatorFailure.mapping { () async throws(AuthError) in try await accounts.adminCreateUser(request) })
    }

    /// A hard delete removes the row (sessions and factors go with it); a soft delete keeps it
    /// with `deleted_at`, its address obfuscated, as GoTrue's `should_soft_delete` does.
    public func delete(_ reference: String, soft: Bool) async throws(OperatorFailure) -> OperatorUser {
        let user = try await find(reference)
        let id = user.id.uuidString
        try await OperatorFailure.mapping { () async throws(AuthError) in
            if soft { try await accounts.adminSoftDeleteUser(id: id) } else { try await accounts.adminDeleteUser(id: id) }
        }
        return OperatorUser(user)
    }

    /// `duration` is GoTrue's `ban_duration` (`24h`, `1h30m`, at most `876000h`); a ban ends the
    /// user's sessions at once.
    public func ban(_ reference: String, duration: String) async throws(OperatorFailure) -> OperatorUser {
        guard duration.lowercased() != "none" else { throw OperatorFailure(.usage, "use `gatehouse users unban` to lift a ban") }
        return try await update(reference, AdminUserRequest(banDuration: duration))
    }

    public func unban(_ reference: String) async throws(OperatorFailure) -> OperatorUser {
        try await update(reference, AdminUserRequest(banDuration: "none"))
    }

    /// A new password under the password policy; every session of the user ends and every token
    /// issued before now is void (`validSince`), as a password reset does.
    public func setPassword(_ reference: String, password: String) async throws(OperatorFailure) -> OperatorUser {
        let updated = try await update(reference, AdminUserRequest(password: password))
        try await revokeTokens(of: updated.id)
        return updated
    }

    /// Ends every session (so every refresh token) of the user and voids the tokens issued before now.
    public func revokeSessions(_ reference: String) async throws(OperatorFailure) -> OperatorUser {
        let user = OperatorUser(try await find(reference))
        try await revokeTokens(of: user.id)
        return user
    }

    private func revokeTokens(of id: String) async throws(OperatorFailure) {
        guard let userId = UUID(parsing: id) else { return }
        let sessions = services.sessions
        try await OperatorFailure.mapping { () async throws(AuthError) in try await sessions.revokeTokens(userId: userId) }
    }

    private func update(_ reference: String, _ request: AdminUserRequest) async throws(OperatorFailure) -> OperatorUser {
        let id = try await find(reference).id.uuidString
        return OperatorUser(
            try await OperatorFailure.mapping { () async throws(AuthError) in try await accounts.adminUpdateUser(id: id, with: request) })
    }

    /// A user by id (a UUID) or by email address, with the operator's wording when none matches.
    func find(_ reference: String) async throws(OperatorFailure) -> UserRecord {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        do {
            if UUID(parsing: trimmed) != nil { return try await accounts.adminUser(id: trimmed) }
            guard trimmed.contains("@") else {
                throw OperatorFailure(.usage, "\"\(trimmed.prefix(80))\" is neither a user id (a UUID) nor an email address")
            }
            return try await accounts.adminUser(email: trimmed)
        } catch let error as OperatorFailure {
            throw error
        } catch let error as AuthError where error.code == .userNotFound {
            let what = UUID(parsing: trimmed) != nil ? "id" : "email"
            throw OperatorFailure(.notFound, "no user with the \(what) \(trimmed)")
        } catch let error as AuthError {
            throw OperatorFailure(error)
        } catch {
            throw OperatorFailure(.failed, "\(error)")
        }
    }
}
