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

/// `AccountService.generateEmailChangeLink`, which `POST /admin/generate_link` calls for
/// `email_change_current` and `email_change_new`: mints without sending.
@Suite struct EmailChangeLinkGenerationTests {
    @Test("both sides generated, nothing queued; the two confirmations change the address", arguments: Backend.all)
    func bothSides(backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let accounts = fixture.services.accounts
            let user = try await fixture.account("gen-old@example.com")
            let current = try await accounts.generateEmailChangeLink(
                .current, email: "gen-old@example.com", newEmail: "Gen-New@example.com", redirectTo: nil)
            let new = try await accounts.generateEmailChangeLink(
                .new, email: "gen-old@example.com", newEmail: "gen-new@example.com", redirectTo: nil)
            #expect(current.verificationType == "email_change_current" && new.verificationType == "email_change_new")
            #expect(new.user.emailChange == "gen-new@example.com" && new.user.emailChangeSentAt != nil)
            #expect(current.actionLink.contains("type=email_change") && current.actionLink.contains(current.hashedToken))
            #expect(current.emailOTP.count == 6 && current.hashedToken != new.hashedToken)
            let status = try await fixture.services.mail.outboxStatus()
            #expect(status.pending == 0 && status.sent == 0, "generate_link sends nothing")

            let client = ServiceFixture.client
            guard
                case .awaitingOtherAddress = try await fixture.services.recovery.verifyEmailChange(
                    tokenHash: current.hashedToken, client: client)
            else {
                Issue.record("the first confirmation must wait for the other address")
                return
            }
            guard
                case .changed(let issued) = try await fixture.services.recovery.verifyEmailChange(
                    email: "gen-new@example.com", code: new.emailOTP, client: client)
            else {
                Issue.record("the second confirmation must change the address")
                return
            }
            #expect(issued.user.id == user.id && issued.user.email == "gen-new@example.com")
        }
    }

    @Test("GoTrue's errors: unknown account 404, current side with secure change off 400, taken address 422", arguments: Backend.all)
    func errors(backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.secureEmailChange = false }) { fixture in
            let accounts = fixture.services.accounts
            try await fixture.account("gen-a@example.com")
            try await fixture.account("gen-b@example.com")
            await #expect(throws: AuthError(.userNotFound, status: .notFound, "User with this email not found")) {
                _ = try await accounts.generateEmailChangeLink(
                    .new, email: "nobody@example.com", newEmail: "x@example.com", redirectTo: nil)
            }
            await #expect(throws: AuthError.validation("Enable secure email change to generate link for current email")) {
                _ = try await accounts.generateEmailChangeLink(
                    .current, email: "gen-a@example.com", newEmail: "x@example.com", redirectTo: nil)
            }
            await #expect(throws: AuthError.emailTaken) {
                _ = try await accounts.generateEmailChangeLink(
                    .new, email: "gen-a@example.com", newEmail: "gen-b@example.com", redirectTo: nil)
            }
        }
    }
}
