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

/// A refresh reads its session and moves the counter in one step (`Store.readForRefresh`): one
/// writer call on SQLite, one statement on PostgreSQL. What it reads must be what the plain read
/// returns, and a refusal must leave the session as it was.
@Suite("Storage: a refresh's read and compare-and-set")
struct SessionRefreshReadTests {
    @Test("the same session and user as the plain read, linked identities and factors included", arguments: Backend.all)
    func readsWhatFindWithUserReads(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (store, started) = try await Self.signedIn(fixture, "refresh-read@example.com")
            let userId = started.user.id
            let now = fixture.clock.clock.now()
            let identity = IdentityRecord(
                id: UUID(), userId: userId, provider: "apple", providerId: "apple-subject-1",
                identityData: ["email": .string("refresh-read@example.com")], lastSignInAt: now, createdAt: now, updatedAt: now)
            let factor = FactorRecord(
                id: UUID(), userId: userId, friendlyName: "phone", factorType: "totp", status: .verified,
                secret: "JBSWY3DPEHPK3PXP", lastChallengedAt: nil, createdAt: now, updatedAt: now)
            try await store.run(.transaction) { database in
                #expect(try await database.identities.insert(identity))
                #expect(try await database.mfaFactors.insert(factor))
                var user = try #require(try await database.users.find(id: userId))
                user.addProvider("apple")
                try await database.users.update(user)
            }
            let plain = try #require(try await store.run { try await $0.sessions.findWithUser(id: started.session.id) })

            let read = try #require(
                try await store.readForRefresh(id: started.session.id, presented: plain.0.refreshCounter, at: now) { _, _ in })
            #expect(read.advanced)
            #expect(read.session.id == plain.0.id && read.session.refreshCounter == plain.0.refreshCounter)
            #expect(read.session.refreshedAt == plain.0.refreshedAt && read.session.amr == plain.0.amr)
            #expect(read.user.linkedIdentities.map(\.providerId) == ["apple-subject-1"])
            #expect(read.user.linkedIdentities.map(\.providerId) == plain.1.linkedIdentities.map(\.providerId))
            #expect(read.user.factors == plain.1.factors && read.user.factors.map(\.friendlyName) == ["phone"])
            #expect(read.user.appMetadata == plain.1.appMetadata)

            let after = try #require(try await store.run { try await $0.sessions.findWithUser(id: started.session.id) })
            #expect(after.0.refreshCounter == plain.0.refreshCounter + 1)
            #expect(after.0.refreshedAt == now)
            let missing = try await store.readForRefresh(id: UUID(), presented: 0, at: now) { _, _ in }
            #expect(missing == nil)
        }
    }

    @Test("a counter other than the current one is read without a move", arguments: Backend.all)
    func staleCounterDoesNotMove(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (store, started) = try await Self.signedIn(fixture, "refresh-stale@example.com")
            let counter = started.session.refreshCounter
            let now = fixture.clock.clock.now()
            for presented in [counter - 1, counter + 1] {
                let read = try #require(try await store.readForRefresh(id: started.session.id, presented: presented, at: now) { _, _ in })
                #expect(!read.advanced)
                #expect(read.session.refreshCounter == counter)
            }
            let after = try #require(try await store.run { try await $0.sessions.findWithUser(id: started.session.id) })
            #expect(after.0.refreshCounter == counter && after.0.refreshedAt == started.session.refreshedAt)
        }
    }

    @Test("a refusal throws what it was told and leaves the session as it was", arguments: Backend.all)
    func refusalLeavesTheSession(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (store, started) = try await Self.signedIn(fixture, "refresh-refused@example.com")
            let before = try await Self.sessionRow(store, started.session.id)
            fixture.clock.advance(seconds: 5)
            let now = fixture.clock.clock.now()
            await #expect(throws: AuthError(.userBanned, kind: .invalidRequest)) {
                try await store.readForRefresh(id: started.session.id, presented: started.session.refreshCounter, at: now) {
                    _, _ throws(AuthError) in
                    throw AuthError(.userBanned, kind: .invalidRequest)
                }
            }
            #expect(try await Self.sessionRow(store, started.session.id) == before)
        }
    }

    @Test("refreshes that arrive together: each judged by its own session, once per statement", arguments: Backend.all)
    func concurrentRefreshesAreEachJudged(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            var sessions: [SignedInUser] = []
            for index in 0..<6 {
                sessions.append(try await Self.signedIn(fixture, "refresh-together-\(index)@example.com").1)
            }
            let store = fixture.services.environment.store
            let refused = sessions[0].session.id
            let before = try await Self.sessionRow(store, refused)
            fixture.clock.advance(seconds: 5)
            let now = fixture.clock.clock.now()
            // Each session presented its current counter three times at once, and one more refused.
            let outcomes = try await withThrowingTaskGroup(of: (UUID, Bool?).self) { group in
                for signedIn in sessions {
                    let session = signedIn.session
                    for _ in 0..<3 {
                        group.addTask {
                            do {
                                let read = try await store.readForRefresh(id: session.id, presented: session.refreshCounter, at: now) {
                                    _, _ throws(AuthError) in
                                    if session.id == refused { throw AuthError(.userBanned, kind: .invalidRequest) }
                                }
                                return (session.id, try #require(read).advanced)
                            } catch let error as AuthError where error.code == .userBanned {
                                return (session.id, nil)
                            }
                        }
                    }
                }
                return try await group.reduce(into: [UUID: [Bool?]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(outcomes[refused] == [nil, nil, nil])
            #expect(try await Self.sessionRow(store, refused) == before)
            for signedIn in sessions.dropFirst() {
                let id = signedIn.session.id
                #expect(outcomes[id]?.filter { $0 == true }.count == 1, "exactly one of three moved the counter")
                #expect(outcomes[id]?.count == 3)
                let after = try #require(try await store.run { try await $0.sessions.findWithUser(id: id) })
                #expect(after.0.refreshCounter == signedIn.session.refreshCounter + 1 && after.0.refreshedAt == now)
            }
        }
    }

    @Test("a batch's statements: each session once, at most the widest statement each, a session's refreshes in order")
    func batchGroups() {
        let ids = (0..<6).map { _ in UUID() }
        let now = Timestamp(microsecondsSinceEpoch: 0)
        let advances = (ids + [ids[1], ids[1]]).map { SessionRefreshAdvances.Advance(sessionId: $0, expected: 0, now: now) }
        #expect(SessionRefreshAdvances.groups(advances) == [[0, 1, 2, 3], [4, 5, 6], [7]])
    }

    @Test(
        "a batch of refreshes: a session named twice goes in a second statement, after the first's move",
        .enabled(if: Backend.postgresURL != nil))
    func batchGroupsEachSessionOnce() async throws {
        try await ServiceFixture.with(.postgres) { fixture in
            let store = fixture.services.environment.store
            let a = try await Self.signedIn(fixture, "batch-a@example.com").1.session
            let b = try await Self.signedIn(fixture, "batch-b@example.com").1.session
            let c = try await Self.signedIn(fixture, "batch-c@example.com").1.session
            fixture.clock.advance(seconds: 5)
            let now = fixture.clock.clock.now()
            func advance(_ id: UUID, _ counter: Int64, _ seconds: Int64 = 0) -> SessionRefreshAdvances.Advance {
                .init(sessionId: id, expected: counter, now: Timestamp(microsecondsSinceEpoch: now.microsecondsSinceEpoch + seconds))
            }
            let advances = [
                advance(a.id, a.refreshCounter), advance(b.id, b.refreshCounter + 1), advance(a.id, a.refreshCounter, 1),
                advance(UUID(), 0), advance(c.id, c.refreshCounter, 2), advance(a.id, a.refreshCounter + 1, 3),
            ]
            #expect(SessionRefreshAdvances.groups(advances) == [[0, 1, 3, 4], [2], [5]])

            let answers = try await SessionRefreshAdvances.write(advances, on: store.sql)
            #expect(answers.map { $0?.read.advanced } == [true, false, false, nil, true, true])
            #expect(
                answers.map { $0?.read.session.refreshCounter } == [
                    a.refreshCounter, b.refreshCounter, a.refreshCounter + 1, nil, c.refreshCounter, a.refreshCounter + 1,
                ])
            #expect(answers[4]?.read.user.email == "batch-c@example.com")
            #expect(
                try await Self.sessionRow(store, a.id) == [
                    a.refreshCounter + 2, now.microsecondsSinceEpoch + 3, now.microsecondsSinceEpoch + 3,
                ])
            #expect(try await Self.sessionRow(store, b.id)[0] == b.refreshCounter)
            #expect(
                try await Self.sessionRow(store, c.id) == [
                    c.refreshCounter + 1, now.microsecondsSinceEpoch + 2, now.microsecondsSinceEpoch + 2,
                ])
        }
    }

    @Test(
        "PostgreSQL keeps a generic plan for each batch statement instead of planning every execution",
        .enabled(if: Backend.postgresURL != nil))
    func batchStatementsKeepTheirGenericPlans() async throws {
        try await ServiceFixture.with(.postgres) { fixture in
            let store = fixture.services.environment.store
            var sessions: [SessionRecord] = []
            for index in 0..<SessionsWithUserAdvancing.widest {
                sessions.append(try await Self.signedIn(fixture, "batch-plan-\(index)@example.com").1.session)
            }
            let now = fixture.clock.clock.now()
            let ids = sessions.map(\.id)
            let plans = try await store.sql.writeStatement { database in
                // Batches of each size, eight of each, on one connection.
                for round in 0..<(8 * SessionsWithUserAdvancing.widest) {
                    let advances = ids.prefix(round % SessionsWithUserAdvancing.widest + 1).map {
                        SessionRefreshAdvances.Advance(sessionId: $0, expected: -1, now: now)
                    }
                    _ = try await SessionRepository(database: database).findWithUserAdvancing(Array(advances))
                }
                return try await database.raw(
                    "SELECT name, generic_plans FROM pg_prepared_statements WHERE name LIKE '%SessionsWithUserAdvancing.%'"
                ).all().reduce(into: [String: Int64]()) { plans, row in
                    plans[try row.decode(column: "name", as: String.self)] = try row.decode(column: "generic_plans", as: Int64.self)
                }
            }
            // Five executions planned with their values, then the generic plan for the other three.
            #expect(plans.count == SessionsWithUserAdvancing.widest)
            #expect(plans.values.allSatisfy { $0 >= 3 }, "generic plans by statement: \(plans)")
        }
    }

    private static func signedIn(_ fixture: ServiceFixture, _ email: String) async throws -> (Store, SignedInUser) {
        let services = fixture.services
        let started = try await services.accounts.signUpAndSignIn(
            email: email, password: "a long password 1", userMetadata: [:], client: ServiceFixture.client)
        return (services.environment.store, started)
    }

    /// The columns a refresh writes, as stored.
    private static func sessionRow(_ store: Store, _ id: UUID) async throws -> [Int64] {
        try await store.run { database in
            let row = try #require(
                try await database.database.raw(
                    "SELECT refresh_counter, refreshed_at, updated_at FROM sessions WHERE id = \(bind: id.lowercasedString)"
                ).first())
            return try ["refresh_counter", "refreshed_at", "updated_at"].map { try row.decode(column: $0, as: Int64.self) }
        }
    }
}
