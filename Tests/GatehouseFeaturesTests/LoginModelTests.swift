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

/// Spec 002 §9, the login page's testing checklist.
@MainActor
@Suite("LoginModel")
struct LoginModelTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    // MARK: Happy path

    @Test func validCredentialsSignInAndGoToTheDashboard() async {
        let model = filled("  User@Example.com ", "password123")
        model.rememberMe = true
        await model.submit()
        #expect(auth.signInCalls == [.init(email: "user@example.com", password: "password123", rememberMe: true)])
        #expect(model.destination == .dashboard)
        #expect(model.signedInUser?.email == "user@example.com")
        #expect(model.errorMessage == nil)
        #expect(model.signals.feedback?.kind == .success)
        #expect(model.signals.announcement?.text == UserFacingText.Login.signedInAnnouncement)
    }

    @Test func emailIsValidatedOnBlurAndTheErrorClearsWhenFixed() {
        let model = model()
        model.email = "notanemail"
        #expect(model.emailError == nil, "no error while typing")
        model.didBlur(.email)
        #expect(model.emailError == UserFacingText.invalidEmail)
        model.email = "user@example.com"
        #expect(model.emailError == nil)
        model.didBlur(.email)
        #expect(model.emailError == nil)
    }

    @Test func passwordIsValidatedOnBlur() {
        let model = model()
        model.password = "short"
        model.didBlur(.password)
        #expect(model.passwordError == "Password must be at least 8 characters")
        model.password = "long enough"
        #expect(model.passwordError == nil)
    }

    @Test func fieldsValidateIndependently() {
        let model = model()
        model.email = "bad"
        model.didBlur(.email)
        model.password = "short"
        model.didBlur(.password)
        #expect(model.emailError == UserFacingText.invalidEmail)
        #expect(model.passwordError == UserFacingText.passwordTooShort(minimum: 8))
        model.password = "password123"
        model.didBlur(.password)
        #expect(model.passwordError == nil)
        #expect(model.emailError == UserFacingText.invalidEmail)
    }

    @Test func theButtonIsDisabledUntilBothFieldsAreValid() {
        let model = model()
        #expect(model.isButtonDisabled)
        model.email = "user@example.com"
        #expect(model.isButtonDisabled)
        model.password = "short"
        model.didBlur(.password)
        #expect(model.isButtonDisabled)
        model.password = "password123"
        #expect(!model.isButtonDisabled)
        #expect(model.isFormValid)
    }

    @Test func theButtonSaysSigningInDuringTheRequestAndComesBack() async {
        let gate = Gate()
        auth.signInOutcome = .gate(gate)
        let model = filled()
        #expect(model.buttonLabel == "Sign In")
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        #expect(model.buttonLabel == "Signing in...")
        #expect(model.isButtonDisabled)
        #expect(model.areFieldsDisabled)
        gate.open()
        await submit.value
        #expect(model.buttonLabel == "Sign In")
        #expect(!model.isLoading)
    }

    @Test func labelsForEveryPhase() {
        #expect(LoginModel.buttonLabel(for: .idle) == "Sign In")
        #expect(LoginModel.buttonLabel(for: .validating) == "Validating...")
        #expect(LoginModel.buttonLabel(for: .loading) == "Signing in...")
    }

    @Test func rememberMeTogglesAndIsPassedOn() async {
        let model = filled()
        #expect(!model.rememberMe)
        model.toggleRememberMe()
        #expect(model.rememberMe)
        model.toggleRememberMe()
        await model.submit()
        #expect(auth.signInCalls.first?.rememberMe == false)
    }

    @Test func navigationLinks() {
        let model = filled("prefill@example.com")
        model.forgotPassword()
        #expect(model.destination == .forgotPassword(prefill: "prefill@example.com"))
        model.createAccount()
        #expect(model.destination == .signUp)
        model.backToWelcome()
        #expect(model.destination == .welcome)
        model.didNavigate()
        #expect(model.destination == nil)
    }

    // MARK: Errors

    @Test func invalidCredentialsLeaveTheFormUsable() async {
        auth.signInOutcome = .fail(.invalidCredentials)
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == "Invalid email or password")
        #expect(model.signals.feedback?.kind == .error)
        #expect(model.signals.announcement?.text == "Invalid email or password")
        #expect(!model.isButtonDisabled)
        auth.signInOutcome = .succeed
        await model.retry()
        #expect(auth.signInCalls.count == 2)
        #expect(model.destination == .dashboard)
    }

    @Test func aRequestWithoutAnswerTimesOutAfterThirtySeconds() async {
        auth.signInOutcome = .hang
        let model = filled()
        let submit = Task { await model.submit() }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(29))
        await settle()
        #expect(model.isLoading)
        clock.advance(by: .seconds(1))
        await submit.value
        #expect(!model.isLoading)
        #expect(model.errorMessage == UserFacingText.connectionTimedOut)
        auth.signInOutcome = .succeed
        await model.retry()
        #expect(model.destination == .dashboard)
    }

    @Test(arguments: [
        (AuthClientError.notConnected, UserFacingText.noInternetConnection),
        (AuthClientError.server(status: 503), UserFacingText.serverError),
        (AuthClientError.malformedResponse("garbage"), UserFacingText.serverError),
        (AuthClientError.api(APIError(status: 500, code: .unexpectedFailure, message: "stack trace")), UserFacingText.serverError),
        (
            AuthClientError.api(APIError(status: 400, code: .emailNotConfirmed, message: "Email not confirmed")),
            UserFacingText.emailNotConfirmed
        ),
        (AuthClientError.network("reset"), UserFacingText.networkError),
    ])
    func failuresShowTheSpecsTexts(error: AuthClientError, text: String) async {
        auth.signInOutcome = .fail(error)
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == text)
        #expect(!model.isButtonDisabled, "retry stays possible")
    }

    @Test func tooManyAttemptsCountsDownAndBlocksSubmitting() async {
        auth.signInOutcome = .fail(.rateLimited(after: 120))
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == "Too many login attempts. Please try again in 2 minutes.")
        #expect(model.isRateLimited)
        #expect(model.isButtonDisabled)
        await model.submit()
        await model.returnKeyPressed()
        #expect(auth.signInCalls.count == 1)
        clock.advance(by: .seconds(75))
        #expect(model.errorMessage == "Too many login attempts. Please try again in 45 seconds.")
        clock.advance(by: .seconds(45))
        #expect(!model.isRateLimited)
        #expect(model.errorMessage == nil)
        #expect(!model.isButtonDisabled)
    }

    @Test func emptyFieldsAreRefusedOnSubmit() async {
        let model = model()
        await model.submit()
        #expect(model.errorMessage == "Email and password are required")
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func invalidFieldsAreRefusedOnSubmit() async {
        let model = model()
        model.email = "bad"
        model.password = "short"
        await model.submit()
        #expect(model.emailError == UserFacingText.invalidEmail)
        #expect(model.passwordError == UserFacingText.passwordTooShort(minimum: 8))
        #expect(auth.signInCalls.isEmpty)
        #expect(model.signals.feedback?.kind == .error)
    }

    @Test func aSessionForAnUnconfirmedAddressAsksToVerify() async {
        auth.confirmed = false
        let model = filled()
        await model.submit()
        #expect(model.emailVerificationNotice == UserFacingText.emailNotConfirmed)
    }
}
