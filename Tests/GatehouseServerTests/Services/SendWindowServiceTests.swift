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

/// Per-address windows, on the services' clock.
@Suite("Services: send and reauthentication windows on a fixed clock")
struct SendWindowServiceTests {
    @Test(
        "a recovery request inside the address's send window is refused with the seconds left; after it, accepted", arguments: Backend.all)
    func recoveryCooldown(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.emailSendWindow = 120 }) { fixture in
            let recovery = fixture.services.recovery
            try await recovery.requestEmail(.recovery, email: "dave@example.com")
            fixture.clock.advance(seconds: 30)
            let early = await #expect(throws: AuthError.self) { try await recovery.requestEmail(.recovery, email: "dave@example.com") }
            #expect(early?.code == .overEmailSendRateLimit)
            #expect(early?.retryAfter == 90)
            // Another address has a window of its own.
            try await recovery.requestEmail(.recovery, email: "erin@example.com")
            fixture.clock.advance(seconds: 89)
            let stillEarly = await #expect(throws: AuthError.self) { try await recovery.requestEmail(.recovery, email: "dave@example.com") }
            #expect(stillEarly?.retryAfter == 1)
            fixture.clock.advance(seconds: 1)
            try await recovery.requestEmail(.recovery, email: "dave@example.com")
        }
    }

    @Test("a password change needs no proof within the reauthentication window, and needs one after it", arguments: Backend.all)
    func reauthenticationWindow(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.reauthenticationWindow = 300 }) { fixture in
            try await fixture.account("frank@example.com", password: "first password 1")
            let sessions = fixture.services.sessions
            let accounts = fixture.services.accounts
            let issued = try await sessions.signIn(email: "frank@example.com", password: "first password 1", client: ServiceFixture.client)
            let bearer = issued.accessToken

            fixture.clock.advance(seconds: 299)
            let caller = try await sessions.authenticate(bearer: bearer)
            _ = try await accounts.updateUser(caller, with: UserUpdateRequest(password: "second password 2"))

            fixture.clock.advance(seconds: 2)
            let later = try await sessions.authenticate(bearer: bearer)
            let error = await #expect(throws: AuthError.self) {
                try await accounts.updateUser(later, with: UserUpdateRequest(password: "third password 3"))
            }
            #expect(error == .reauthenticationNeeded)
            // The current password is proof enough.
            _ = try await accounts.updateUser(
                later, with: UserUpdateRequest(password: "third password 3", currentPassword: "second password 2")
            )
        }
    }
}
