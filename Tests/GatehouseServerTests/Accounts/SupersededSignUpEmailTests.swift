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

/// Confirmation emails are minted when the outbox worker sends them, and workers may send a
/// queue's jobs in any order. A later sign-up supersedes an earlier one, so the email of the
/// earlier sign-up, sent last, must not bring its password back: every confirmation link
/// applies the address's newest sign-up.
@Suite("Accounts: a superseded sign-up's email confirms the newest sign-up")
struct SupersededSignUpEmailTests {
    static let client = ServiceFixture.client

    @Test("the stranger's email, sent after the owner's, applies the owner's password", arguments: Backend.all)
    func lateEmailAppliesNewestSignUp(_ backend: Backend) async throws {
        try await ServiceFixture.with(
            backend,
            configure: {
                $0.autoconfirm = false
                $0.emailSendWindow = 0
            }
        ) { fixture in
            let services = fixture.services
            let email = "late-mail@example.com"
            let store = services.environment.store
            _ = try await services.accounts.signUp(email: email, password: "stranger password 1", data: [:], client: Self.client)
            let user = try #require(try await store.run { try await $0.users.find(email: EmailAddress(validating: email)) })
            let stranger = try #require(try await store.run { try await $0.pendingSignups.newest(userId: user.id) })
            fixture.clock.advance(seconds: 1)
            _ = try await services.accounts.signUp(email: email, password: "owner password 22", data: [:], client: Self.client)
            let owner = try #require(try await store.run { try await $0.pendingSignups.newest(userId: user.id) })
            #expect(owner.id != stranger.id)

            // The owner's email goes out first, the stranger's last: the newest email in the inbox
            // is the stranger's.
            fixture.clock.advance(seconds: 1)
            _ = try await services.mail.issueOneTimeTokens([
                OneTimeTokenRequest(purpose: .signup, email: email, pendingSignupId: owner.id)
            ])
            fixture.clock.advance(seconds: 1)
            let lastSent = try await services.mail.issueOneTimeTokens([
                OneTimeTokenRequest(purpose: .signup, email: email, pendingSignupId: stranger.id)
            ])
            let link = try #require(lastSent.first??.context.link.flatMap(URLComponents.init(string:)))
            let token = try #require(link.queryItems?.first { $0.name == "token" }?.value)
            _ = try await services.recovery.verify(tokenHash: token, type: .signup, client: Self.client)

            let signedIn = try await services.sessions.signIn(email: email, password: "owner password 22", client: Self.client)
            #expect(signedIn.user.id == user.id)
            await #expect(throws: AuthError.self) {
                _ = try await services.sessions.signIn(email: email, password: "stranger password 1", client: Self.client)
            }
        }
    }
}
