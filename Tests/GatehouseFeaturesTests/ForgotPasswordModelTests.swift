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
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// Spec 000 §9 and Story 1.4's test procedure, with DESIGN's enumeration-safe success state.
@MainActor
@Suite("ForgotPasswordModel")
struct ForgotPasswordModelTests {
    let service = StubResetService()
    let clock = ManualClock()

    func model(prefill: String? = nil, linkLifetime: Int? = nil) -> ForgotPasswordModel {
        ForgotPasswordModel(
            service: service, clock: clock, prefillEmail: prefill, linkLifetime: linkLifetime,
            reachability: FixedReachability(reachable: true)
        )
    }

    func sent(_ email: String = "user@example.com") async -> ForgotPasswordModel {
        let model = model(prefill: email)
        await model.submit()
        return model
    }

    // MARK: Happy path

    @Test func aValidAddressShowsTheSuccessStateWithTheAddress() async {
        let model = model()
        model.email = "User@Example.com"
        model.emailDidBlur()
        #expect(model.buttonLabel == "Send Reset Link")
        await model.submit()
        #expect(service.calls == ["user@example.com"])
        #expect(model.phase == .sent)
        #expect(model.submittedEmail == "user@example.com")
        #expect(model.successMessage == "If an account exists for user@example.com, a reset link is on its way")
        #expect(model.signals.feedback?.kind == .success)
        #expect(model.signals.announcement?.text == model.successMessage)
    }

    @Test func theLoginPagesAddressIsPrefilled() {
        #expect(model(prefill: " typed@example.com ").email == "typed@example.com")
        #expect(model().email.isEmpty)
    }

    @Test func theButtonSaysSendingDuringTheRequest() async {
        let gate = Gate()
        service.outcome = .gate(gate)
        let model = model(prefill: "user@example.com")
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        #expect(model.buttonLabel == "Sending...")
        #expect(model.isButtonDisabled)
        gate.open()
        await submit.value
        #expect(!model.isLoading)
    }

    @Test func sendAnotherResendsAfterTheCooldown() async {
        let model = await sent()
        #expect(model.isResendDisabled)
        #expect(model.resendSecondsLeft == 60)
        #expect(model.resendLabel == "Send Another Email (60s)")
        clock.advance(by: .seconds(60))
        #expect(!model.isResendDisabled)
        #expect(model.resendLabel == "Send Another Email")
        await model.sendAnother()
        #expect(service.calls == ["user@example.com", "user@example.com"])
        #expect(model.notice == "Email sent again")
        #expect(model.resendSecondsLeft == 60, "the cooldown starts again")
    }

    @Test func resendingTooSoonOnlySaysAlreadySent() async {
        let model = await sent()
        clock.advance(by: .seconds(59))
        #expect(model.isResendDisabled)
        #expect(model.resendLabel == "Send Another Email (1s)")
        await model.sendAnother()
        #expect(service.calls.count == 1)
        #expect(model.notice == "Already sent, check inbox")
        #expect(model.signals.feedback?.kind == .warning)
    }

    @Test func theCountdownRedrawsEverySecond() async {
        let model = await sent()
        await clock.waitForSleepers()
        let redrawn = Flag()
        let watching = model.objectWillChange.sink { _ in redrawn.set() }
        clock.advance(by: .seconds(1))
        #expect(await eventually { redrawn.isSet })
        #expect(model.resendLabel == "Send Another Email (59s)")
        watching.cancel()
    }

    @Test func useADifferentAddressResetsTheForm() async {
        let model = await sent()
        model.useDifferentEmail()
        #expect(model.phase == .form)
        #expect(model.email.isEmpty && model.submittedEmail == nil && model.notice == nil)
        model.email = "other@example.com"
        await model.submit()
        #expect(service.calls == ["user@example.com", "other@example.com"])
        #expect(model.submittedEmail == "other@example.com")
    }

    @Test func theSameAddressInsideItsCooldownIsNotSentAgain() async {
        let model = await sent()
        model.useDifferentEmail()
        model.email = "USER@example.com"
        await model.submit()
        #expect(service.calls.count == 1)
        #expect(model.phase == .sent)
        #expect(model.notice == "Already sent, check inbox")
    }

    @Test func theLinkLifetimeIsTheServers() async {
        #expect(await sent().linkExpiryText == nil)
        service.receipt = PasswordResetReceipt(message: "ok", resetMethod: "email_link", linkSent: true, linkExpiresIn: 3600)
        let model = model(prefill: "other@example.com")
        await model.submit()
        #expect(model.linkExpiryText == "Link expires in 1 hour.")
        #expect(self.model(linkLifetime: 86_400).linkExpiryText == "Link expires in 24 hours.")
    }

    @Test func backToLogin() {
        let model = model()
        model.backToLogin()
        #expect(model.destination == .login)
    }

    // MARK: Errors

    @Test func anInvalidAddressIsFlaggedOnBlurAndClearedOnTyping() {
        let model = model()
        model.email = "no-at-sign"
        #expect(!model.isEmailValid)
        model.emailDidBlur()
        #expect(model.emailError == "Invalid email address")
        #expect(model.isButtonDisabled)
        model.email = "no-at-sign@"
        #expect(model.emailError == nil)
        model.email = "fixed@example.com"
        #expect(model.isEmailValid)
        #expect(!model.isButtonDisabled)
    }

    @Test func invalidAddressesAreNeverSent() async {
        let model = model(prefill: "user@nodomain")
        await model.submit()
        #expect(model.emailError == "Invalid email address")
        #expect(service.calls.isEmpty)
        #expect(model.signals.feedback?.kind == .error)
        model.email = ""
        await model.submit()
        #expect(model.emailError == UserFacingText.emailRequired)
    }

    @Test func aRequestWithoutAnswerTimesOutAndCanBeRetried() async {
        service.outcome = .hang
        let model = model(prefill: "user@example.com")
        let submit = Task { await model.submit() }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(30))
        await submit.value
        #expect(model.phase == .form)
        #expect(model.errorMessage == "Connection timed out. Please check your connection.")
        service.outcome = .succeed
        await model.submit()
        #expect(model.phase == .sent)
    }

    @Test func networkErrorsShowTheirText() async {
        service.outcome = .fail(.notConnected)
        let model = model(prefill: "user@example.com")
        await model.submit()
        #expect(model.errorMessage == "No internet connection. Please try again.")
        #expect(model.signals.feedback?.kind == .error)
    }

    @Test func tooManyRequestsCountDown() async {
        service.outcome = .fail(.rateLimited(after: 3600))
        let model = model(prefill: "user@example.com")
        await model.submit()
        #expect(model.errorMessage == "Too many reset requests. Try again in 1 hour.")
        clock.advance(by: .seconds(3600))
        #expect(model.errorMessage == nil)
    }

    // MARK: Edge cases

    @Test func rapidDoubleTapsSendOneEmail() async {
        let gate = Gate()
        service.outcome = .gate(gate)
        let model = model(prefill: "user@example.com")
        let first = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        await model.submit()
        gate.open()
        await first.value
        #expect(service.calls.count == 1)
    }

    @Test func plusAddressesAndLongAddressesAreAccepted() async {
        let plus = await sent("user+test@example.com")
        #expect(plus.submittedEmail == "user+test@example.com")
        let long = String(repeating: "l", count: 200) + "@example.com"
        let model = await sent(long)
        #expect(model.submittedEmail == long)
    }
}
