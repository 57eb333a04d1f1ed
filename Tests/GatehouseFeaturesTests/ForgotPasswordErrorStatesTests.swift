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

import GatehouseClient
import GatehouseCore
import GatehouseFeatures
import Testing

/// The forgot-password page's failures (spec 000 §2 and §8, Story 1.4): the 30 s bound, which
/// errors offer "Retry", the error summary while a request runs, and how a rate limit is told.
@MainActor
@Suite("ForgotPasswordModel: timeout, retry and the error summary")
struct ForgotPasswordErrorStatesTests {
    let service = StubResetService()
    let clock = ManualClock()

    func model() -> ForgotPasswordModel {
        ForgotPasswordModel(
            service: service, clock: clock, prefillEmail: "user@example.com", reachability: FixedReachability(reachable: true))
    }

    /// Story 1.4 "Network timeout handling (30s max) with retry option".
    @Test func aRequestIsGivenUpAfterThirtySecondsWithRetry() async {
        service.outcome = .hang
        let model = model()
        let submit = Task { await model.submit() }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(29))
        await settle()
        #expect(model.isLoading, "still waiting at 29 s")
        #expect(model.errorMessage == nil)
        clock.advance(by: .seconds(1))
        await submit.value
        #expect(!model.isLoading)
        #expect(model.errorMessage == "Connection timed out. Please check your connection.")
        #expect(model.offersRetry)
        #expect(model.signals.feedback?.kind == .error)
    }

    /// Spec 000 §2 "Network Error … Recovery: Retry button", Story 1.4 "Network failure during
    /// email send (show retry option)": network failures and server errors offer Retry, and it
    /// goes through; an address the server refused is corrected instead.
    @Test(arguments: [
        (AuthClientError.timedOut, true),
        (AuthClientError.notConnected, true),
        (AuthClientError.network("connection reset"), true),
        (AuthClientError.server(status: 503), true),
        (AuthClientError.api(APIError(status: 400, code: .validationFailed, message: "Unable to validate email address")), false),
    ])
    func retryFollowsTheKindOfError(error: AuthClientError, retry: Bool) async {
        service.outcome = .fail(error)
        let model = model()
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage != nil)
        #expect(model.offersRetry == retry)
        guard retry else { return }
        service.outcome = .succeed
        await model.submit()
        #expect(model.phase == .sent, "Retry sends again")
    }

    /// The form is "same as login" (spec 000 §6), whose error banner is "Hidden while loading"
    /// and dismissible (spec 002 §6).
    @Test func theErrorSummaryHidesWhileSendingAndCanBeDismissed() async {
        service.outcome = .fail(.network("connection reset"))
        let model = model()
        await model.submit()
        #expect(model.errorMessage == "Network error. Please check your connection.")
        model.dismissError()
        #expect(model.errorMessage == nil)

        await model.submit()
        #expect(model.errorMessage != nil)
        let gate = Gate()
        service.outcome = .gate(gate)
        let retry = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        #expect(model.errorMessage == nil, "hidden while the request runs")
        gate.open()
        await retry.value
        #expect(model.phase == .sent)
    }

    /// Spec 000 §2 "Too Many Requests … Recovery: Wait and retry later", with Story 1.4's error
    /// haptic and announcement: the wait is felt and read out, and no Retry is offered.
    @Test func aRateLimitIsAnnouncedWithItsWait() async {
        service.outcome = .fail(.rateLimited(after: 3600))
        let model = model()
        await model.submit()
        #expect(model.signals.feedback?.kind == .error)
        #expect(model.signals.announcement?.text == "Too many reset requests. Try again in 1 hour.")
        #expect(!model.offersRetry)
    }
}
