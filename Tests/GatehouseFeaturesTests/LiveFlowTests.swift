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

/// The pages against a real server: what a person sees must not depend on whether the address
/// has an account, whichever backend sends the link.
@MainActor
@Suite("Pages against a live server")
struct LiveFlowTests {
    struct Snapshot: Equatable {
        var phase: ForgotPasswordModel.Phase
        var errorMessage: String?
        var notice: String?
        var linkExpiryText: String?
        var resendLabel: String
        var feedback: UserSignals.FeedbackKind?
    }

    static func snapshot(_ model: ForgotPasswordModel) -> Snapshot {
        Snapshot(
            phase: model.phase, errorMessage: model.errorMessage, notice: model.notice, linkExpiryText: model.linkExpiryText,
            resendLabel: model.resendLabel, feedback: model.signals.feedback?.kind
        )
    }

    static func services(_ server: LiveServer) -> [(String, any PasswordResetService)] {
        [
            ("gotrue", GoTrueResetService(client: server.client())),
            ("edge", EdgeFunctionResetService(baseURL: server.baseURL)),
            ("rest", RESTResetService(baseURL: server.baseURL.appendingPathComponent("api/"))),
        ]
    }

    @Test func registeredAndUnknownAddressesLookTheSame() async throws {
        try await withLiveServer(configure: { $0.emailSendWindow = 60 }) { server in
            for (name, service) in Self.services(server) {
                let registered = try await server.account()
                let unknown = uniqueEmail("nobody")
                let clock = ManualClock()
                let first = ForgotPasswordModel(service: service, clock: clock, prefillEmail: registered)
                let second = ForgotPasswordModel(service: service, clock: clock, prefillEmail: unknown)
                await first.submit()
                await second.submit()
                #expect(Self.snapshot(first) == Self.snapshot(second), "\(name)")
                #expect(first.phase == .sent, "\(name)")
                // The backend's own success text where it gives one (specs 003, 004), else the
                // local one: the same words for both addresses either way.
                let expected = name == "gotrue" ? UserFacingText.resetLinkOnItsWay(to: unknown) : second.successMessage
                #expect(second.successMessage == expected, "\(name)")
                #expect(first.successMessage?.replacingOccurrences(of: registered, with: unknown) == second.successMessage, "\(name)")
                _ = try await server.waitForMail(to: registered)
                #expect(try await server.mail(to: unknown).isEmpty)
            }
        }
    }

    @Test func theRESTBackendTellsTheLinkLifetime() async throws {
        try await withLiveServer(configure: { $0.otpExpiry = 7200 }) { server in
            let service = RESTResetService(baseURL: server.baseURL.appendingPathComponent("api/"))
            let model = ForgotPasswordModel(service: service, clock: ManualClock(), prefillEmail: try await server.account())
            await model.submit()
            #expect(model.linkExpiryText == "Link expires in 2 hours.")
        }
    }

    @Test func theServersSendWindowIsMirrored() async throws {
        try await withLiveServer(configure: { $0.emailSendWindow = 60 }) { server in
            let email = try await server.account()
            let clock = ManualClock()
            // Two pages (two devices) for one address: the second is told to wait by the server.
            let first = ForgotPasswordModel(service: GoTrueResetService(client: server.client()), clock: clock, prefillEmail: email)
            await first.submit()
            let second = ForgotPasswordModel(service: GoTrueResetService(client: server.client()), clock: clock, prefillEmail: email)
            await second.submit()
            #expect(second.phase == .form)
            let message = try #require(second.errorMessage)
            #expect(message.hasPrefix("Too many reset requests. Try again in"))
        }
    }

    @Test func loginWithWrongPasswordAndThenTheRightOne() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let model = LoginModel(auth: server.client())
            model.email = email
            model.password = "wrong-password"
            await model.submit()
            #expect(model.errorMessage == "Invalid email or password")
            model.password = testPassword
            await model.submit()
            #expect(model.destination == .dashboard)
        }
    }
}
