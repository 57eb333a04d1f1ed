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

/// A password sign-in's storage: its budget claimed, the account read by address with its
/// factors, and its writes as one unit (`Store.recordPasswordSignIn`). PostgreSQL runs each as
/// one statement kept prepared, SQLite as the repositories' statements; both must leave the
/// same rows.
@Suite("Storage: a password sign-in's reads and writes")
struct PasswordSignInStorageTests {
    @Test("a sign-in stamps the account and its identity, forgets the failures, audits and starts the session", arguments: Backend.all)
    func signInWrites(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            let store = services.environment.store
            let email = "sign-in-writes@example.com"
            let userId = try await fixture.account(email, password: "a long password 1").id
            await #expect(throws: AuthError.invalidCredentials) {
                try await services.sessions.signIn(email: email, password: "not the password", client: ServiceFixture.client)
            }
            #expect(try await Self.budgetRows(store) == 1)

            fixture.clock.advance(seconds: 7)
            let now = fixture.clock.clock.now()
            let longAgent = String(repeating: "a", count: 600)
            let origin = AuditRequest(ipAddress: "198.51.100.7", userAgent: longAgent, requestId: "sign-in-request", actor: nil)
            let issued = try await AuditRequest.$current.withValue(origin) {
                try await services.sessions.signIn(
                    email: email, password: "a long password 1", client: ClientInfo(address: "198.51.100.7", userAgent: longAgent))
            }

            #expect(try await Self.budgetRows(store) == 0)
            let user = try #require(try await store.run { try await $0.users.find(id: userId) })
            #expect(user.lastSignInAt == now && user.updatedAt == now)
            #expect(user.identity?.lastSignInAt == now && user.identity?.updatedAt == now)
            #expect(issued.user.lastSignInAt == now)

            let audited = try await store.run {
                try await $0.auditLog.list(AuditFilter(userId: userId, actions: ["login"]), offset: 0, limit: 10)
            }
            let login = try #require(audited.first { $0.createdAt == now })
            #expect(login.email == email && login.ipAddress == "198.51.100.7")
            #expect(login.userAgent == String(repeating: "a", count: 512) && login.requestId == "sign-in-request")
            #expect(login.userId == userId && login.actor == nil)
            #expect(login.traits == ["provider": .string("email"), "method": .string("password")])

            let session = try #require(try await store.run { try await $0.sessions.findWithUser(id: issued.session.id) })
            #expect(session.0.userId == userId && session.0.refreshCounter == 0 && session.0.aal == "aal1")
            #expect(session.0.createdAt == now && session.0.refreshedAt == now)
            #expect(session.0.amr == [.password(at: now)])
            let stored = try await store.run { database in
                let row = try #require(
                    try await database.database.raw(
                        "SELECT user_agent, ip, updated_at FROM sessions WHERE id = \(bind: issued.session.id.lowercasedString)"
                    ).first())
                return (
                    try row.decode(column: "user_agent", as: String.self), try row.decode(column: "ip", as: String.self),
                    try row.decode(column: "updated_at", as: Int64.self)
                )
            }
            #expect(stored.0 == String(repeating: "a", count: 512) && stored.1 == "198.51.100.7")
            #expect(stored.2 == now.microsecondsSinceEpoch)
        }
    }

    @Test("the account read by address carries its identity and factors in order, as the read by id", arguments: Backend.all)
    func readByAddress(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            let store = services.environment.store
            let started = try await services.accounts.signUpAndSignIn(
                email: "read-by-address@example.com", password: "a long password 1", userMetadata: [:], client: ServiceFixture.client)
            let userId = started.user.id
            let now = fixture.clock.clock.now()
            let factors = ["second", "first", "third"].enumerated().map { offset, name in
                FactorRecord(
                    id: UUID(), userId: userId, friendlyName: name, factorType: "totp", status: .verified,
                    secret: "JBSWY3DPEHPK3PXP", lastChallengedAt: nil,
                    createdAt: now.adding(seconds: Double([2, 1, 3][offset])), updatedAt: now)
            }
            let inserted = try await store.run(.transaction) { database in
                var inserted: [Bool] = []
                for factor in factors { inserted.append(try await database.mfaFactors.insert(factor)) }
                return inserted
            }
            #expect(inserted == [true, true, true])
            let address = try EmailAddress(validating: "Read-By-Address@Example.com")
            let byAddress = try #require(try await store.run { try await $0.users.find(email: address) })
            let byId = try #require(try await store.run { try await $0.users.find(id: userId) })
            #expect(byAddress.factors.map(\.friendlyName) == ["first", "second", "third"])
            #expect(byAddress.factors == byId.factors)
            #expect(byAddress.identity?.id == byId.identity?.id && byAddress.identity != nil)
            #expect(byAddress.email == byId.email && byAddress.passwordHash == byId.passwordHash)
            let unknown = try EmailAddress(validating: "nobody-here@example.com")
            #expect(try await store.run { try await $0.users.find(email: unknown) }?.id == nil)
        }
    }

    @Test("a budget admits `limit` claims, then none until its window has passed", arguments: Backend.all)
    func budgetClaims(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let store = fixture.services.environment.store
            let now = fixture.clock.clock.now()
            let claims = try await store.run(.statement) { database in
                var results: [Bool] = []
                for _ in 0..<4 { results.append(try await database.attemptBudgets.claim(key: "k", limit: 3, window: 60, now: now)) }
                results.append(try await database.attemptBudgets.claim(key: "k", limit: 3, window: 60, now: now.adding(seconds: 61)))
                results.append(try await database.attemptBudgets.claim(key: "k", limit: 3, window: 60, now: now.adding(seconds: 62)))
                return results
            }
            #expect(claims == [true, true, true, false, true, true])
            let attempts = try await store.run { database in
                try #require(try await database.database.raw("SELECT attempts FROM attempt_budgets WHERE budget_key = 'k'").first())
                    .decode(column: "attempts", as: Int.self)
            }
            #expect(attempts == 2)
        }
    }

    private static func budgetRows(_ store: Store) async throws -> Int {
        try await store.run { database in
            try #require(try await database.database.raw("SELECT COUNT(*) AS n FROM attempt_budgets").first())
                .decode(column: "n", as: Int.self)
        }
    }
}
