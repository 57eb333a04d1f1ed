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

/// GoTrue's session time-box and inactivity timeout, on the services' clock.
@Suite("Services: session time-box and inactivity on a fixed clock")
struct SessionLimitServiceTests {
    @Test("refreshes keep a session alive until its inactivity timeout passes without one", arguments: Backend.all)
    func inactivity(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.sessions.inactivityTimeout = 600 }) { fixture in
            try await fixture.account("heidi@example.com")
            let sessions = fixture.services.sessions
            var issued = try await sessions.signIn(email: "heidi@example.com", password: "correct horse 1", client: ServiceFixture.client)
            for _ in 0..<3 {
                fixture.clock.advance(seconds: 599)
                issued = try await sessions.refresh(token: issued.refreshToken, client: ServiceFixture.client)
            }
            fixture.clock.advance(seconds: 601)
            let error = await #expect(throws: AuthError.self) {
                try await sessions.refresh(token: issued.refreshToken, client: ServiceFixture.client)
            }
            #expect(error?.code == .sessionExpired)
            #expect(error?.detail?.contains("Inactivity") == true)
        }
    }

    @Test("past the time-box a refresh is refused, however active the session", arguments: Backend.all)
    func timebox(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.sessions.timebox = 1000 }) { fixture in
            try await fixture.account("ivan@example.com")
            let sessions = fixture.services.sessions
            var issued = try await sessions.signIn(email: "ivan@example.com", password: "correct horse 1", client: ServiceFixture.client)
            for _ in 0..<4 {
                fixture.clock.advance(seconds: 250)
                issued = try await sessions.refresh(token: issued.refreshToken, client: ServiceFixture.client)
            }
            fixture.clock.advance(seconds: 1)
            let error = await #expect(throws: AuthError.self) {
                try await sessions.refresh(token: issued.refreshToken, client: ServiceFixture.client)
            }
            #expect(error?.code == .sessionExpired)
            #expect(error.map(AuthErrorWording.text(for:)) == "Invalid Refresh Token: Session Expired")
        }
    }

    @Test("the refresh-token reuse interval: the previous token returns the current pair only within it", arguments: Backend.all)
    func reuseInterval(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.refreshTokenReuseInterval = 10 }) { fixture in
            try await fixture.account("judy@example.com")
            let sessions = fixture.services.sessions
            let first = try await sessions.signIn(email: "judy@example.com", password: "correct horse 1", client: ServiceFixture.client)
            let second = try await sessions.refresh(token: first.refreshToken, client: ServiceFixture.client)
            fixture.clock.advance(seconds: 10)
            let again = try await sessions.refresh(token: first.refreshToken, client: ServiceFixture.client)
            #expect(again.refreshToken == second.refreshToken)
            fixture.clock.advance(seconds: 1)
            let error = await #expect(throws: AuthError.self) {
                try await sessions.refresh(token: first.refreshToken, client: ServiceFixture.client)
            }
            #expect(error?.code == .refreshTokenAlreadyUsed)
        }
    }
}
