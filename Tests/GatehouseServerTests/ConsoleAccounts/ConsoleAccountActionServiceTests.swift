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
import Testing

@testable import GatehouseServer

/// The console's account actions on the service: each one's effect, its audit entry
/// with the operator as actor, and the refusals that change nothing.
@Suite("Console accounts: actions")
struct ConsoleAccountActionServiceTests {
    static let client = ClientInfo(address: "198.51.100.8", userAgent: "ConsoleTests/1.0")
    static let operatorId = UUID()

    func perform(
        _ fixture: ServiceFixture, _ action: ConsoleAccountAction, on user: UserRecord, by operatorId: UUID = operatorId,
        ban: ConsoleBanDuration? = nil, typed: String? = nil
    ) async throws -> ConsoleActionOutcome {
        try await ConsoleAccountService(services: fixture.services).perform(
            ConsoleActionRequest(action: action, banDuration: ban, typedConfirmation: typed), on: user.id.uuidString.lowercased(),
            by: operatorId)
    }

    func entries(_ fixture: ServiceFixture, _ action: AuditAction) async throws -> [AuditEntry] {
        try await fixture.environment.store.run {
            try await $0.auditLog.list(AuditFilter(actions: [action.rawValue]), offset: 0, limit: 100)
        }
    }

    func sessionCount(_ fixture: ServiceFixture, _ user: UserRecord) async throws -> Int {
        try await fixture.environment.store.run { try await $0.sessions.consoleList(userId: user.id) }.count
    }

    func pendingMail(_ fixture: ServiceFixture) async throws -> Int {
        try await fixture.environment.store.run { try await $0.outbox.status() }.pending
    }

    var actor: String { Self.operatorId.uuidString.lowercased() }

    @Test("send-recovery queues /recover's email, for unconfirmed addresses too; the window holds", arguments: Backend.all)
    func sendRecovery(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.services.accounts.adminCreateUser(AdminUserRequest(email: "unconfirmed@example.com"))
            #expect(try await perform(fixture, .sendRecovery, on: user) == .done(.recoverySent))
            #expect(try await pendingMail(fixture) == 1)
            let entry = try #require(try await entries(fixture, .recoveryRequested).first)
            #expect(entry.actor == actor)
            #expect(entry.email == user.email)
            guard case .refused(.sendWindowOpen(let seconds)) = try await perform(fixture, .sendRecovery, on: user) else {
                Issue.record("a second request inside the send window was not refused")
                return
            }
            #expect(seconds > 0)
            #expect(try await pendingMail(fixture) == 1)
        }
    }

    @Test("resend-confirmation: unconfirmed accounts only", arguments: Backend.all)
    func resendConfirmation(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let confirmed = try await fixture.account("confirmed@example.com")
            #expect(try await perform(fixture, .resendConfirmation, on: confirmed) == .refused(.alreadyConfirmed))
            #expect(try await pendingMail(fixture) == 0)
            let pending = try await fixture.services.accounts.adminCreateUser(AdminUserRequest(email: "pending@example.com"))
            #expect(try await perform(fixture, .resendConfirmation, on: pending) == .done(.confirmationSent))
            #expect(try await pendingMail(fixture) == 1)
            #expect(try await entries(fixture, .confirmationRequested).map(\.actor) == [actor])
        }
    }

    @Test("revoke-sessions ends every session; ban ends them too and unban lifts it", arguments: Backend.all)
    func revokeBanUnban(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("target@example.com")
            for _ in 0..<2 {
                _ = try await fixture.services.sessions.signIn(email: user.email, password: "correct horse 1", client: Self.client)
            }
            #expect(try await sessionCount(fixture, user) == 2)
            #expect(try await perform(fixture, .revokeSessions, on: user) == .done(.sessionsRevoked))
            #expect(try await sessionCount(fixture, user) == 0)
            #expect(try await entries(fixture, .sessionsRevoked).map(\.actor) == [actor])

            #expect(try await perform(fixture, .unban, on: user) == .refused(.notBanned))
            #expect(try await perform(fixture, .ban, on: user) == .refused(.banDurationMissing))
            let session = try await fixture.services.sessions.signIn(email: user.email, password: "correct horse 1", client: Self.client)
            #expect(try await perform(fixture, .ban, on: user, ban: .week) == .done(.banned))
            #expect(try await sessionCount(fixture, user) == 0)
            let banned = try await ConsoleAccountService(services: fixture.services).account(id: user.id.uuidString)
            #expect(banned.bannedUntil == fixture.clock.now.adding(seconds: 7 * 24 * 3600))
            await #expect(throws: AuthError.self) {
                try await fixture.services.sessions.refresh(token: session.refreshToken, client: Self.client)
            }
            let ban = try #require(try await entries(fixture, .userBanned).first)
            #expect(ban.actor == actor)
            #expect(ban.userId == user.id)

            #expect(try await perform(fixture, .unban, on: user) == .done(.unbanned))
            #expect(try await ConsoleAccountService(services: fixture.services).account(id: user.id.uuidString).bannedUntil == nil)
            #expect(try await entries(fixture, .userUnbanned).map(\.actor) == [actor])
        }
    }

    @Test("delete asks for the address typed; then the account is gone", arguments: Backend.all)
    func delete(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("leaving@example.com")
            #expect(try await perform(fixture, .delete, on: user) == .refused(.confirmationMismatch))
            #expect(try await perform(fixture, .delete, on: user, typed: "someone@example.com") == .refused(.confirmationMismatch))
            #expect(try await perform(fixture, .delete, on: user, typed: " Leaving@Example.com ") == .done(.deleted))
            await #expect(throws: ConsoleAccountService.notFound) {
                try await ConsoleAccountService(services: fixture.services).account(id: user.id.uuidString)
            }
            let entry = try #require(try await entries(fixture, .userDeleted).first)
            #expect(entry.actor == actor)
            #expect(entry.userId == user.id)
        }
    }

    @Test("an operator cannot revoke, ban or delete their own account", arguments: Backend.all)
    func ownAccount(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let me = try await fixture.account("operator@example.com")
            _ = try await fixture.services.sessions.signIn(email: me.email, password: "correct horse 1", client: Self.client)
            for action in [ConsoleAccountAction.revokeSessions, .ban, .delete] {
                let outcome = try await perform(fixture, action, on: me, by: me.id, ban: .hour, typed: me.email)
                #expect(outcome == .refused(.ownAccount), "\(action)")
            }
            #expect(try await sessionCount(fixture, me) == 1)
            #expect(try await ConsoleAccountService(services: fixture.services).account(id: me.id.uuidString).bannedUntil == nil)
            // Their own recovery email is harmless.
            #expect(try await perform(fixture, .sendRecovery, on: me, by: me.id) == .done(.recoverySent))
        }
    }
}
