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

/// The console's account service: the list's search, order and pages, an account's
/// whole picture, and the actions with the operator as the audit entries' actor.
@Suite("Console accounts: service")
struct ConsoleAccountServiceTests {
    static let client = ClientInfo(address: "198.51.100.7", userAgent: "ConsoleTests/1.0 (Macintosh)")

    func console(_ fixture: ServiceFixture) -> ConsoleAccountService { ConsoleAccountService(services: fixture.services) }

    /// An account created without a password (no bcrypt: lists need many).
    @discardableResult
    func bare(_ fixture: ServiceFixture, _ email: String, confirmed: Bool = true) async throws -> UserRecord {
        try await fixture.services.accounts.adminCreateUser(AdminUserRequest(email: email, emailConfirm: confirmed))
    }

    func emails(_ page: ConsoleAccountPage) -> [String] { page.rows.map(\.user.email) }

    @Test("search is a case-insensitive substring of the address; LIKE's wildcards match themselves", arguments: Backend.all)
    func search(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            for email in ["alice@example.com", "bob@example.com", "carol_x@sample.org", "caroly@sample.org"] {
                try await bare(fixture, email)
                fixture.clock.advance(seconds: 1)
            }
            let sample = try await console(fixture).list(ConsoleAccountQuery(search: "  SAMPLE.ORG "))
            #expect(emails(sample) == ["caroly@sample.org", "carol_x@sample.org"])
            #expect(sample.total == 2)
            #expect(emails(try await console(fixture).list(ConsoleAccountQuery(search: "carol_"))) == ["carol_x@sample.org"])
            #expect(try await console(fixture).list(ConsoleAccountQuery(search: "%")).total == 0)
            #expect(try await console(fixture).list(ConsoleAccountQuery()).total == 4)
        }
    }

    @Test("sorted by created or last sign-in, either way; never signed in goes last", arguments: Backend.all)
    func sorting(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let first = try await fixture.account("first@example.com")
            fixture.clock.advance(seconds: 10)
            try await bare(fixture, "second@example.com")
            fixture.clock.advance(seconds: 10)
            try await fixture.account("third@example.com")
            fixture.clock.advance(seconds: 10)
            _ = try await fixture.services.sessions.signIn(email: "third@example.com", password: "correct horse 1", client: Self.client)
            fixture.clock.advance(seconds: 10)
            _ = try await fixture.services.sessions.signIn(email: first.email, password: "correct horse 1", client: Self.client)

            let service = console(fixture)
            #expect(
                emails(try await service.list(ConsoleAccountQuery(sort: .created))) == [
                    "third@example.com", "second@example.com", "first@example.com",
                ])
            #expect(
                emails(try await service.list(ConsoleAccountQuery(sort: .created, ascending: true)))
                    == ["first@example.com", "second@example.com", "third@example.com"])
            #expect(
                emails(try await service.list(ConsoleAccountQuery(sort: .lastSignIn)))
                    == ["first@example.com", "third@example.com", "second@example.com"])
            #expect(
                emails(try await service.list(ConsoleAccountQuery(sort: .lastSignIn, ascending: true)))
                    == ["third@example.com", "first@example.com", "second@example.com"])
        }
    }

    @Test("pages of 50 with the total; a page past the end is empty", arguments: Backend.all)
    func paging(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            for index in 0..<53 {
                try await bare(fixture, String(format: "user%02d@paging.test", index))
                fixture.clock.advance(seconds: 1)
            }
            let service = console(fixture)
            let first = try await service.list(ConsoleAccountQuery(sort: .created, ascending: true))
            #expect(first.rows.count == 50)
            #expect(first.total == 53)
            #expect(first.pageCount == 2)
            let second = try await service.list(ConsoleAccountQuery(sort: .created, ascending: true, page: 2))
            #expect(emails(second) == ["user50@paging.test", "user51@paging.test", "user52@paging.test"])
            #expect(try await service.list(ConsoleAccountQuery(page: 9)).rows.isEmpty)
            #expect(try await service.list(ConsoleAccountQuery(page: -3)).query.page == 1)
        }
    }

    @Test("an account's sessions, factors, counts and audit entries (by id and by address)", arguments: Backend.all)
    func profile(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("profile@example.com")
            let issued = try await fixture.services.sessions.signIn(email: user.email, password: "correct horse 1", client: Self.client)
            let caller = try await fixture.services.sessions.authenticate(
                userId: user.id, sessionId: issued.session.id, issuedAt: fixture.clock.now.secondsSinceEpoch)
            _ = try await fixture.services.mfa.enroll(caller, factorType: "totp", friendlyName: "Work phone", issuer: nil)
            try await fixture.services.recovery.requestEmail(.recovery, email: user.email)

            let profile = try await console(fixture).profile(id: user.id.uuidString.uppercased())
            #expect(profile.user.id == user.id)
            let session = try #require(profile.sessions.first)
            #expect(profile.sessions.count == 1)
            #expect(session.userAgent == "ConsoleTests/1.0 (Macintosh)")
            #expect(session.ip == "198.51.100.7")
            #expect(session.aal == "aal1")
            #expect(profile.factors.map(\.friendlyName) == ["Work phone"])
            #expect(profile.passkeys.isEmpty)
            // The recovery request names only the address; the account page still shows it.
            #expect(profile.auditEntries.map(\.action).contains("user_recovery_requested"))
            #expect(profile.auditEntries.map(\.action).contains("login"))
            #expect(profile.auditTotal == profile.auditEntries.count)

            let row = try #require(try await console(fixture).list(ConsoleAccountQuery(search: "profile@")).rows.first)
            #expect(row.factorCount == 1)
            #expect(row.passkeyCount == 0)
        }
    }

    @Test("an unknown or malformed id is not found, never a failure", arguments: Backend.all)
    func unknown(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            for id in [UUID().uuidString, "not-a-uuid", "", String(repeating: "a", count: 5000), "../../etc"] {
                await #expect(throws: ConsoleAccountService.notFound) { try await console(fixture).profile(id: id) }
                await #expect(throws: ConsoleAccountService.notFound) {
                    try await console(fixture).perform(ConsoleActionRequest(action: .revokeSessions), on: id, by: UUID())
                }
            }
        }
    }
}
