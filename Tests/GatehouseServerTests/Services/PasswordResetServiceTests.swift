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

/// The reset page's password reset, on the service: it signs nobody in.
@Suite("Services: password reset")
struct PasswordResetServiceTests {
    static func sessionCount(_ fixture: ServiceFixture, of user: UserRecord) async throws -> Int {
        try await fixture.environment.store.perform { work in
            try await work.database.raw(
                "SELECT COUNT(*) AS n FROM sessions WHERE user_id = \(bind: user.id.uuidString.lowercased())"
            ).first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    @Test("a reset sets the password, ends every session, starts none, and spends the link", arguments: Backend.all)
    func resetSignsNobodyIn(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("kim@example.com", password: "old password 1")
            let sessions = fixture.services.sessions
            let before = try await sessions.signIn(email: "kim@example.com", password: "old password 1", client: ServiceFixture.client)
            let link = try await fixture.recoveryEmail(to: "kim@example.com")
            fixture.clock.advance(seconds: 60)

            let reset = try await fixture.services.recovery.resetPassword(token: link.token, newPassword: "new password 2")
            #expect(reset.id == user.id)
            #expect(try await Self.sessionCount(fixture, of: user) == 0)
            let gone = await #expect(throws: AuthError.self) {
                try await sessions.authenticate(bearer: before.accessToken)
            }
            #expect(gone?.code == .sessionNotFound)

            let again = await #expect(throws: AuthError.self) {
                try await fixture.services.recovery.resetPassword(token: link.token, newPassword: "third password 3")
            }
            #expect(again?.code == .otpExpired)
            await #expect(throws: AuthError.self) {
                try await sessions.signIn(email: "kim@example.com", password: "old password 1", client: ServiceFixture.client)
            }
            let after = try await sessions.signIn(email: "kim@example.com", password: "new password 2", client: ServiceFixture.client)
            #expect(after.user.id == user.id)
            #expect(try await Self.sessionCount(fixture, of: user) == 1)
        }
    }
}
