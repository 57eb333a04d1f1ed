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

/// `gatehouse users …`'s logic (`OperatorUsers`) on a real store, with the router checking that
/// what it did holds for clients: the admin API's rules, users by id or address, the
/// operator's wording of failures and their kinds (the command's exit codes).
@Suite("Operator commands: users")
struct OperatorUsersTests {
    static func withUsers(
        _ database: ScratchDatabase, _ body: @escaping @Sendable (OperatorUsers) async throws -> Void
    ) async throws {
        // The server makes the database; the operator commands work on it (they make none).
        try await GatehouseAdministration.migrate(configuration: TestServer.configuration(databaseURL: database.url))
        try await OperatorUsers.with(configuration: TestServer.configuration(databaseURL: database.url), body)
    }

    static func failure(_ body: () async throws -> Void) async -> OperatorFailure? {
        do {
            try await body()
            return nil
        } catch let failure as OperatorFailure {
            return failure
        } catch {
            Issue.record("not an OperatorFailure: \(error)")
            return nil
        }
    }

    @Test("create, then sign in; policy and taken address refused", arguments: Backend.all)
    func create(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail("op")
            try await Self.withUsers(database) { users async throws in
                let user = try await users.create(email: email, password: TestServer.password, confirmed: true)
                #expect(user.email == email && user.confirmedAt != nil)
                let weak = await Self.failure {
                    _ = try await users.create(email: TestServer.uniqueEmail(), password: "short", confirmed: true)
                }
                #expect(weak?.kind == .refused)
                let taken = await Self.failure { _ = try await users.create(email: email, password: TestServer.password, confirmed: true) }
                #expect(taken?.kind == .refused)
            }
            try await TestServer.run(on: database) { api async throws in
                #expect(try await api.signIn(email).status == .ok)
            }
        }
    }

    @Test("users by id or address; the operator's wording when none matches", arguments: Backend.all)
    func lookup(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await Self.withUsers(database) { users async throws in
                let email = TestServer.uniqueEmail("Op")
                let created = try await users.create(email: email, password: TestServer.password, confirmed: false)
                #expect(try await users.show(created.id).email == email.lowercased())
                #expect(try await users.show(email.uppercased()).id == created.id)
                let byEmail = await Self.failure { _ = try await users.show("nobody@example.com") }
                #expect(byEmail?.kind == .notFound && byEmail?.message == "no user with the email nobody@example.com")
                let byId = await Self.failure { _ = try await users.show("00000000-0000-4000-8000-000000000000") }
                #expect(byId?.kind == .notFound && byId?.message == "no user with the id 00000000-0000-4000-8000-000000000000")
                let neither = await Self.failure { _ = try await users.show("bob") }
                #expect(neither?.kind == .usage)
            }
        }
    }

    @Test("list: pages, total, and an address fragment with LIKE's wildcards taken literally", arguments: Backend.all)
    func list(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await Self.withUsers(database) { users async throws in
                for name in ["a_b", "axb", "a%c", "other"] {
                    _ = try await users.create(email: "\(name)@example.com", password: TestServer.password, confirmed: true)
                }
                #expect(try await users.list(page: 1, perPage: 50, emailContaining: nil).total == 4)
                #expect(try await users.list(page: 1, perPage: 50, emailContaining: "a_b").users.map(\.email) == ["a_b@example.com"])
                #expect(try await users.list(page: 1, perPage: 50, emailContaining: "A%").users.map(\.email) == ["a%c@example.com"])
                let page = try await users.list(page: 2, perPage: 2, emailContaining: "@EXAMPLE.com")
                #expect(page.total == 4 && page.users.count == 2)
                let bad = await Self.failure { _ = try await users.list(page: 1, perPage: 0, emailContaining: nil) }
                #expect(bad?.kind == .usage)
            }
        }
    }

    @Test("ban refuses sign-in and ends sessions; unban; a bad duration is refused", arguments: Backend.all)
    func ban(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail("ban")
            try await Self.withUsers(database) { users async throws in
                _ = try await users.create(email: email, password: TestServer.password, confirmed: true)
            }
            let session = try await TestServer.run(on: database) { api async throws in try TestSession(try await api.signIn(email)) }
            try await Self.withUsers(database) { users async throws in
                #expect(try await users.ban(email, duration: "1h30m").isBanned)
                let bad = await Self.failure { _ = try await users.ban(email, duration: "1 day") }
                #expect(bad?.kind == .refused)
                let none = await Self.failure { _ = try await users.ban(email, duration: "none") }
                #expect(none?.kind == .usage)
            }
            try await TestServer.run(on: database) { api async throws in
                #expect(try await api.signIn(email).errorCode == "user_banned")
                #expect(try await api.refresh(session.refreshToken).status != .ok)
            }
            try await Self.withUsers(database) { users async throws in #expect(try await users.unban(email).isBanned == false) }
            try await TestServer.run(on: database) { api async throws in #expect(try await api.signIn(email).status == .ok) }
        }
    }

    @Test("set-password: policy, old sessions and tokens void, the new password works", arguments: Backend.all)
    func setPassword(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail("pw")
            try await Self.withUsers(database) { users async throws in
                _ = try await users.create(email: email, password: TestServer.password, confirmed: true)
            }
            let session = try await TestServer.run(on: database) { api async throws in try TestSession(try await api.signIn(email)) }
            try await Self.withUsers(database) { users async throws in
                let weak = await Self.failure { _ = try await users.setPassword(email, password: "short") }
                #expect(weak?.kind == .refused)
                let user = try await users.setPassword(email, password: TestServer.otherPassword)
                let record = try await users.find(user.id)
                // Every token issued before the change is void (Firebase's validSince) as well.
                let validSince = try await users.services.sessions.validSince(of: record)
                #expect(validSince > record.createdAt)
            }
            try await TestServer.run(on: database) { api async throws in
                #expect(try await api.refresh(session.refreshToken).status != .ok)
                #expect(try await api.user(session.accessToken).status != .ok)
                #expect(try await api.signIn(email).status != .ok)
                #expect(try await api.signIn(email, TestServer.otherPassword).status == .ok)
            }
        }
    }

    @Test("revoke-sessions ends every refresh token; delete hard and soft", arguments: Backend.all)
    func revokeAndDelete(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail("rv")
            let soft = TestServer.uniqueEmail("soft")
            try await Self.withUsers(database) { users async throws in
                _ = try await users.create(email: email, password: TestServer.password, confirmed: true)
                _ = try await users.create(email: soft, password: TestServer.password, confirmed: true)
            }
            let session = try await TestServer.run(on: database) { api async throws in try TestSession(try await api.signIn(email)) }
            try await Self.withUsers(database) { users async throws in _ = try await users.revokeSessions(email) }
            try await TestServer.run(on: database) { api async throws in #expect(try await api.refresh(session.refreshToken).status != .ok)
            }
            try await Self.withUsers(database) { users async throws in
                let removed = try await users.delete(email, soft: false)
                let gone = await Self.failure { _ = try await users.show(removed.id) }
                #expect(gone?.kind == .notFound)
                let kept = try await users.delete(soft, soft: true)
                let shown = try await users.show(kept.id)
                #expect(shown.deletedAt != nil && shown.email != soft)
            }
        }
    }
}
