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
import SQLKit
import Testing

@testable import GatehouseServer

/// What the conformance suite cannot reach cheaply: the retention job's purge of expired
/// challenges, a challenge expiring on a hand-moved clock, the pages' entry points (the feature
/// switch, credential JSON text), and a deleted user's challenges.
@Suite("Services: passkeys on a fixed clock")
struct PasskeyServiceTests {
    static func enabled(_ configuration: inout ServerConfiguration) {
        configuration.passkeys.enabled = true
    }

    static func challengeCount(_ fixture: ServiceFixture) async throws -> Int {
        try await fixture.environment.store.run(.read) { work in
            try await work.database.raw("SELECT COUNT(*) AS n FROM webauthn_challenges").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    @Test("the retention job deletes expired challenges and keeps live ones", arguments: Backend.all)
    func retention(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: Self.enabled) { fixture in
            let passkeys = fixture.services.passkeys
            _ = try await passkeys.authenticationOptions()
            fixture.clock.advance(seconds: 301)
            let live = try await passkeys.authenticationOptions()
            #expect(try await Self.challengeCount(fixture) == 2)
            let now = fixture.clock.now
            try await fixture.environment.store.run(.transaction) { try await $0.retention.purge(now: now) }
            #expect(try await Self.challengeCount(fixture) == 1)
            // The one kept is the live one: it is still there to be consumed (not "not found").
            let error = await #expect(throws: AuthError.self) {
                try await passkeys.signIn(
                    challengeId: live.id.uuidString, credential: .init(id: nil, rawId: nil, type: nil, response: nil),
                    client: ServiceFixture.client)
            }
            #expect(error?.code == .webAuthnVerificationFailed)
        }
    }

    @Test("a challenge answered after GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION is expired, then gone", arguments: Backend.all)
    func expiry(_ backend: Backend) async throws {
        try await ServiceFixture.with(
            backend,
            configure: {
                $0.passkeys.enabled = true
                $0.passkeys.challengeExpiry = 60
            }
        ) { fixture in
            let passkeys = fixture.services.passkeys
            let challenge = try await passkeys.authenticationOptions()
            #expect(challenge.expiresAt == fixture.clock.now.adding(seconds: 60))
            fixture.clock.advance(seconds: 60)
            for expected in [AuthErrorCode.webAuthnChallengeExpired, .webAuthnChallengeNotFound] {
                let error = await #expect(throws: AuthError.self) {
                    try await passkeys.signIn(challengeId: challenge.id.uuidString, credentialJSON: "{}", client: ServiceFixture.client)
                }
                #expect(error?.code == expected)
            }
        }
    }

    @Test("the operations the pages call check the feature switch and the credential text")
    func pageEntryPoints() async throws {
        try await ServiceFixture.with(.sqlite) { fixture in
            let error = await #expect(throws: AuthError.self) { try await fixture.services.passkeys.authenticationOptions() }
            #expect(error == .passkeyDisabled && error?.status == .notFound)
        }
        try await ServiceFixture.with(.sqlite, configure: Self.enabled) { fixture in
            let passkeys = fixture.services.passkeys
            let challenge = try await passkeys.authenticationOptions()
            let error = await #expect(throws: AuthError.self) {
                try await passkeys.signIn(challengeId: challenge.id.uuidString, credentialJSON: "[1, 2", client: ServiceFixture.client)
            }
            #expect(error?.code == .badJSON)
        }
    }

    @Test("deleting a user deletes their pending registration challenges", arguments: Backend.all)
    func deletedUser(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: Self.enabled) { fixture in
            let user = try await fixture.account("ada@example.com")
            let session = try await fixture.services.sessions.signIn(
                email: "ada@example.com", password: "correct horse 1", client: ServiceFixture.client)
            let caller = try await fixture.services.sessions.authenticate(bearer: session.accessToken)
            let started = try await fixture.services.passkeys.registrationOptions(caller)
            #expect(started.options["user"]?["name"]?.stringValue == "ada@example.com")
            #expect(try await Self.challengeCount(fixture) == 1)
            try await fixture.services.accounts.adminDeleteUser(id: user.id.uuidString)
            #expect(try await Self.challengeCount(fixture) == 0)
        }
    }
}
