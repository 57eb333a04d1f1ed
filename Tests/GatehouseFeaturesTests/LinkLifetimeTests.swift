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
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// Spec 000: the success state's "Link expires in …" comes from the server's configured lifetime
/// (`GATEHOUSE_OTP_EXPIRY`, published as `mailer_otp_exp` in `GET /settings`), never a constant —
/// also for GoTrue's `/recover`, whose answer is `{}`.
@MainActor
@Suite("The GoTrue success state names the configured link lifetime")
struct LinkLifetimeTests {
    @Test(arguments: [(7200, "Link expires in 2 hours."), (1800, "Link expires in 30 minutes.")])
    func theLifetimeIsTheServers(seconds: Int, text: String) async throws {
        try await withLiveServer(configure: { $0.otpExpiry = seconds }) { server in
            let email = try await server.account()
            let model = ForgotPasswordModel(
                service: GoTrueResetService(client: server.client()), clock: ManualClock(), prefillEmail: email,
                reachability: FixedReachability(reachable: true)
            )
            await model.submit()
            #expect(model.phase == .sent)
            #expect(model.linkExpiryText == text)
        }
    }

    @Test func theClientReadsItFromSettings() async throws {
        try await withLiveServer(configure: { $0.otpExpiry = 5400 }) { server in
            let settings = try await server.client().settings()
            #expect(settings.mailerOtpExp == 5400)
            #expect(await server.client().emailLinkLifetime() == 5400)
        }
    }
}
