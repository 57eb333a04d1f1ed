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

/// Firebase's out-of-band codes on the recovery service: what a code is (without spending it),
/// the reset, the address verification, and their lifetime.
@Suite("Services: Firebase OOB codes")
struct FirebaseOobServiceTests {
    static func link(_ type: FirebaseOobRequestType, continueUrl: String? = nil) -> FirebaseActionLink {
        FirebaseActionLink(requestType: type, continueUrl: continueUrl, apiKey: "key-1")
    }

    @Test(
        "an admin link: Firebase's action URL; looking at the code spends nothing; a weak password spends nothing; the reset does",
        arguments: Backend.all)
    func resetLink(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("ana@example.com", password: "old password 1")
            let recovery = fixture.services.recovery
            let email = try EmailAddress(validating: "ANA@example.com")
            let issued = try #require(
                try await recovery.issueFirebaseOobLink(Self.link(.passwordReset, continueUrl: "https://app.example.com/x"), for: email))
            #expect(issued.email == "ana@example.com")
            let base = fixture.services.configuration.externalURL
            #expect(
                issued.oobLink
                    == "\(base)/__/auth/action?mode=resetPassword&oobCode=\(issued.oobCode)&apiKey=key-1&lang=en&continueUrl=https%3A%2F%2Fapp.example.com%2Fx"
            )
            let usable = FirebaseOobCodeState.usable(
                FirebaseOobCode(userId: user.id, email: "ana@example.com", requestType: .passwordReset))
            #expect(try await recovery.inspectFirebaseOobCode(issued.oobCode) == usable)
            #expect(try await recovery.inspectFirebaseOobCode(issued.oobCode) == usable, "looking spent the code")
            let weak = await #expect(throws: AuthError.self) {
                try await recovery.resetPasswordWithFirebaseOob(issued.oobCode, newPassword: "short")
            }
            #expect(weak?.code == .weakPassword)
            #expect(try await recovery.applyFirebaseVerifyEmailCode(issued.oobCode) == .invalid, "a reset code verified an address")
            #expect(try await recovery.resetPasswordWithFirebaseOob(issued.oobCode, newPassword: "new password 2") == usable)
            #expect(try await recovery.inspectFirebaseOobCode(issued.oobCode) == .invalid)
            #expect(try await recovery.resetPasswordWithFirebaseOob(issued.oobCode, newPassword: "new password 3") == .invalid)
            _ = try await fixture.services.sessions.signIn(
                email: "ana@example.com", password: "new password 2", client: ServiceFixture.client)
            #expect(try await recovery.inspectFirebaseOobCode("made-up") == .invalid)
            #expect(
                try await recovery.issueFirebaseOobLink(Self.link(.passwordReset), for: EmailAddress(validating: "nobody@example.com"))
                    == nil)
        }
    }

    @Test("a code expires with GATEHOUSE_OTP_EXPIRY: EXPIRED, not INVALID, and the reset refuses it", arguments: Backend.all)
    func expiry(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            try await fixture.account("bo@example.com")
            let recovery = fixture.services.recovery
            let issued = try #require(
                try await recovery.issueFirebaseOobLink(Self.link(.passwordReset), for: EmailAddress(validating: "bo@example.com")))
            fixture.clock.advance(seconds: Double(fixture.services.configuration.otpExpiry) + 1)
            #expect(try await recovery.inspectFirebaseOobCode(issued.oobCode) == .expired)
            #expect(try await recovery.resetPasswordWithFirebaseOob(issued.oobCode, newPassword: "new password 2") == .expired)
        }
    }

    @Test("a verification code marks the address verified once, keeps the sessions, and is no reset code", arguments: Backend.all)
    func verifyEmail(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let created = try await fixture.services.accounts.adminCreateUser(
                AdminUserRequest(email: "cy@example.com", password: "pass word 1", emailConfirm: false))
            #expect(!created.isConfirmed)
            let recovery = fixture.services.recovery
            let issued = try #require(
                try await recovery.issueFirebaseOobLink(Self.link(.verifyEmail), for: EmailAddress(validating: "cy@example.com")))
            #expect(issued.oobLink.contains("mode=verifyEmail"))
            #expect(try await recovery.resetPasswordWithFirebaseOob(issued.oobCode, newPassword: "new password 2") == .invalid)
            let verified = FirebaseOobCodeState.usable(
                FirebaseOobCode(userId: created.id, email: "cy@example.com", requestType: .verifyEmail))
            #expect(try await recovery.inspectFirebaseOobCode(issued.oobCode) == verified)
            #expect(try await recovery.applyFirebaseVerifyEmailCode(issued.oobCode) == verified)
            #expect(try await recovery.applyFirebaseVerifyEmailCode(issued.oobCode) == .invalid)
            let user = try await fixture.environment.store.perform { try await $0.users.find(id: created.id) }
            #expect(user?.isConfirmed == true)
            #expect(user?.passwordHash == created.passwordHash, "verifying changed the password")
        }
    }
}
