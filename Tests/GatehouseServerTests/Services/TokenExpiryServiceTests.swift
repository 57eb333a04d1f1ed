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

/// Token lifetimes, measured on the services' clock: the test moves it, nothing sleeps.
@Suite("Services: token expiry on a fixed clock")
struct TokenExpiryServiceTests {
    @Test("an access token works until its expiry on the server's clock, and not a second after", arguments: Backend.all)
    func accessTokenExpiry(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.jwtExpiry = 600 }) { fixture in
            try await fixture.account("alice@example.com")
            let issued = try await fixture.services.sessions.signIn(
                email: "alice@example.com", password: "correct horse 1", client: ServiceFixture.client
            )
            #expect(issued.expiresAt == fixture.clock.now.secondsSinceEpoch + 600)
            #expect(issued.expiresIn == 600)
            let bearer = issued.accessToken
            fixture.clock.advance(seconds: 599)
            #expect(try await fixture.services.sessions.authenticate(bearer: bearer).user.email == "alice@example.com")
            fixture.clock.advance(seconds: 2)
            let error = await #expect(throws: AuthError.self) {
                try await fixture.services.sessions.authenticate(bearer: bearer)
            }
            #expect(error?.code == .badJWT)
        }
    }

    @Test("an emailed link works within GATEHOUSE_OTP_EXPIRY and is refused after it", arguments: Backend.all)
    func linkExpiry(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.otpExpiry = 900 }) { fixture in
            try await fixture.account("bob@example.com")
            let recovery = fixture.services.recovery
            let late = try await fixture.recoveryEmail(to: "bob@example.com")
            fixture.clock.advance(seconds: 901)
            let error = await #expect(throws: AuthError.self) {
                try await recovery.verify(tokenHash: late.token, type: .recovery, client: ServiceFixture.client)
            }
            #expect(error?.code == .otpExpired)
            #expect(try await recovery.isUsableResetToken(late.token) == false)

            let timely = try await fixture.recoveryEmail(to: "bob@example.com")
            fixture.clock.advance(seconds: 899)
            #expect(try await recovery.isUsableResetToken(timely.token))
            let session = try await recovery.verify(tokenHash: timely.token, type: .recovery, client: ServiceFixture.client)
            #expect(session.user.email == "bob@example.com")
            #expect(session.session.amr.map(\.method) == ["recovery"])
        }
    }

    @Test("the seeded randomness makes the emailed code reproducible, and different seeds differ")
    func seededCodes() async throws {
        var codes: [String] = []
        for seed: UInt64 in [7, 7, 8] {
            try await ServiceFixture.with(.sqlite, seed: seed) { fixture in
                try await fixture.account("carol@example.com")
                codes.append(try await fixture.recoveryEmail(to: "carol@example.com").code)
            }
        }
        #expect(codes[0] == codes[1])
        #expect(codes[0] != codes[2])
        #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isNumber) })
    }
}
