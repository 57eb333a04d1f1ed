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
