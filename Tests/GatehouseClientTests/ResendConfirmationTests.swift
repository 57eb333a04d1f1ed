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
import GatehouseClient
import GatehouseCore
import GatehouseTestSupport
import Testing

/// `AuthClient.resendSignUpConfirmation` (login spec §8 "Email Not Verified … Show resend
/// verification option"): GoTrue's `POST /resend {type: signup}`.
@Suite("Resending the sign-up confirmation")
struct ResendConfirmationTests {
    @Test func anUnconfirmedAddressGetsASecondConfirmationEmail() async throws {
        try await withLiveServer(configure: { $0.autoconfirm = false }) { server in
            let email = uniqueEmail("unconfirmed")
            _ = try await server.client().signUp(email: email, password: testPassword)
            let first = try await server.waitForMail(to: email)

            let client = server.client()
            let refused = await #expect(throws: AuthClientError.self) {
                _ = try await client.signIn(email: email, password: testPassword)
            }
            #expect(refused?.apiError?.code == .emailNotConfirmed)

            try await client.resendSignUpConfirmation(email: email, redirectTo: nil)
            let second = try await server.waitForMail(to: email, count: 2)
            #expect(second.subject == first.subject, "the same confirmation email, again")
            #expect(second.link != nil)
            #expect(second.link != first.link, "with a fresh link")
        }
    }

    @Test func anUnknownAddressLooksTheSame() async throws {
        try await withLiveServer(configure: { $0.autoconfirm = false }) { server in
            try await server.client().resendSignUpConfirmation(email: uniqueEmail("nobody"), redirectTo: nil)
        }
    }
}
