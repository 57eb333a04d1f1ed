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

/// A session is read with its user and the user's MFA factors in one joined query: one row per
/// factor, one row when there is none. What it returns must be what the separate reads return.
@Suite("Storage: a session read with its user and factors")
struct SessionUserReadTests {
    @Test("no factor, one factor, several in creation order, and no session", arguments: Backend.all)
    func factorsJoined(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let services = fixture.services
            let started = try await services.accounts.signUpAndSignIn(
                email: "joined@example.com", password: "a long password 1", userMetadata: [:], client: ServiceFixture.client)
            let userId = started.user.id
            let store = services.environment.store

            let alone = try #require(try await store.run { try await $0.sessions.findWithUser(id: started.session.id) })
            #expect(alone.0.id == started.session.id)
            #expect(alone.1.id == userId)
            #expect(alone.1.factors.isEmpty)

            let base = fixture.clock.clock.now().microsecondsSinceEpoch
            // Inserted newest first, so an order by insertion would differ from the order by creation.
            let names = ["third", "second", "first"]
            for (index, name) in names.enumerated() {
                let created = Timestamp(microsecondsSinceEpoch: base - Int64(index) * 1_000_000)
                let factor = FactorRecord(
                    id: UUID(), userId: userId, friendlyName: name, factorType: "totp",
                    status: index == 0 ? .unverified : .verified, secret: "JBSWY3DPEHPK3PXP",
                    lastChallengedAt: index == 1 ? created : nil, createdAt: created, updatedAt: created)
                let inserted = try await store.run(.transaction) { try await $0.mfaFactors.insert(factor) }
                #expect(inserted)
            }

            let (read, listed) = try await store.run { database in
                (try await database.sessions.findWithUser(id: started.session.id), try await database.mfaFactors.list(userId: userId))
            }
            let (session, user) = try #require(read)
            #expect(session.id == started.session.id)
            #expect(session.refreshCounter == started.session.refreshCounter)
            #expect(user.id == userId)
            #expect(user.email == started.user.email)
            #expect(user.factors.map(\.friendlyName) == ["first", "second", "third"])
            #expect(user.factors == listed)

            #expect(try await store.run { try await $0.sessions.findWithUser(id: UUID()) } == nil)
        }
    }
}
