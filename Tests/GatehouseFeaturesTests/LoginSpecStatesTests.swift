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
import Logging
import Testing

/// Spec 002's finer states: the form-level error's second line, "Retry"
/// only where §8 gives one, the reachability check before sending, "Resend verification" for
/// an unconfirmed address, and the client log of timeouts and server errors (no secrets).
@MainActor
@Suite("LoginModel: spec 002 §6/§8 states")
struct LoginSpecStatesTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    // MARK: Form-level error (§6)

    @Test func wrongCredentialsShowTheSecondLineAndNoRetry() async {
        auth.signInOutcome = .fail(.api(APIError(status: 400, code: .invalidCredentials, message: "Invalid login credentials")))
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == "Invalid email or password")
        #expect(model.errorDetail == "Please check and try again")
        #expect(!model.offersRetry, "the spec's recovery is re-entering the credentials")
        model.dismissError()
        #expect(model.errorDetail == nil)
    }

    // MARK: §8 network and server errors, with Retry where the spec gives one

    @Test(arguments: [
        (AuthClientError.timedOut, "Connection timed out. Check your network and try again.", true),
        (AuthClientError.notConnected, "No internet connection. Check your network.", true),
        (AuthClientError.server(status: 502), "Server error. Please try again later.", true),
        (
            AuthClientError.api(APIError(status: 400, code: .validationFailed, message: "bad json")), "Invalid request. Please try again.",
            false
        ),
    ])
    func networkAndServerErrorsOfferRetryWhereTheSpecSays(error: AuthClientError, text: String, retry: Bool) async {
        auth.signInOutcome = .fail(error)
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == text)
        #expect(model.errorDetail == nil)
        #expect(model.offersRetry == retry)
    }

    @Test func offlineIsToldAtOnceWithoutSending() async {
        let model = filled(reachable: false)
        await model.submit()
        #expect(auth.signInCalls.isEmpty, "nothing is sent without a network")
        #expect(model.errorMessage == "No internet connection. Check your network.")
        #expect(model.offersRetry)
        #expect(model.signals.feedback?.kind == .error)
        #expect(!model.isLoading)
    }

    // MARK: "Validating..." (§6) and real-time feedback

    @Test func validatingIsShownWhileTheChecksBeforeSendingRun() async {
        let reachability = GatedReachability()
        let model = LoginModel(auth: auth, clock: clock, reachability: reachability)
        model.email = "user@example.com"
        model.password = "password123"
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isValidating })
        #expect(model.buttonLabel == "Validating...")
        #expect(model.isButtonDisabled)
        #expect(model.areFieldsDisabled)
        #expect(auth.signInCalls.isEmpty)
        reachability.gate.open()
        await submit.value
        #expect(auth.signInCalls.count == 1)
        #expect(model.buttonLabel == "Sign In")
    }

    @Test func theEmailFieldShowsACheckOrACrossAsThePersonTypes() {
        let model = model()
        #expect(model.emailFeedback == .none)
        model.email = "notanemail"
        #expect(model.emailFeedback == .invalid)
        #expect(model.emailError == nil, "the error text still waits for the blur")
        model.email = "user@example.com"
        #expect(model.emailFeedback == .valid)
    }

    // MARK: Email not verified (§8): resend verification

    @Test func anUnconfirmedAddressRefusedByTheServerOffersTheResend() async {
        auth.signInOutcome = .fail(.api(APIError(status: 400, code: .emailNotConfirmed, message: "Email not confirmed")))
        let model = filled("User@Example.com")
        #expect(!model.canResendVerification)
        await model.submit()
        #expect(model.errorMessage == "Please verify your email. Check your inbox for a verification link.")
        #expect(model.canResendVerification)

        await model.resendVerification()
        #expect(auth.otherCalls == ["resend:user@example.com"])
        #expect(model.resendNotice == "Check your inbox: a confirmation link is on its way to user@example.com.")
        #expect(model.signals.feedback?.kind == .success)
        #expect(model.isResendVerificationDisabled)

        // Inside the 60 s cooldown: not sent again (spec 000's "Already sent, check inbox").
        clock.advance(by: .seconds(30))
        await model.resendVerification()
        #expect(auth.otherCalls.count == 1)
        #expect(model.resendNotice == "Already sent, check inbox")
        #expect(model.resendSecondsLeft == 30)

        clock.advance(by: .seconds(30))
        #expect(!model.isResendVerificationDisabled)
        await model.resendVerification()
        #expect(auth.otherCalls.count == 2)
    }

    @Test func aSessionForAnUnconfirmedAddressOffersTheResendToo() async {
        auth.confirmed = false
        let model = filled()
        await model.submit()
        #expect(model.emailVerificationNotice == UserFacingText.emailNotConfirmed)
        #expect(model.canResendVerification)
    }

    @Test func aConfirmedSignInOffersNoResend() async {
        let model = filled()
        await model.submit()
        #expect(!model.canResendVerification)
        await model.resendVerification()
        #expect(auth.otherCalls.isEmpty)
    }

    @Test func aRateLimitedResendWaitsTheServersTime() async {
        auth.signInOutcome = .fail(.api(APIError(status: 400, code: .emailNotConfirmed, message: "Email not confirmed")))
        let model = filled()
        await model.submit()
        auth.outcome = .fail(.rateLimited(after: 120))
        await model.resendVerification()
        #expect(model.resendSecondsLeft == 120)
        #expect(model.signals.feedback?.kind == .error)
    }

    // MARK: Client logging (§8 "Log timeout event", "Log server error details")

    @Test func timeoutsAndServerErrorsAreLoggedWithoutSecrets() async {
        let logs = CapturedLogs()
        auth.signInOutcome = .fail(.server(status: 503))
        let failing = filled("secret.person@example.com", "hunter2hunter2", logger: logs.logger)
        await failing.submit()
        #expect(logs.lines.map(\.message) == ["server error"])
        #expect(logs.lines.first?.metadata.contains("status=503") == true)

        auth.signInOutcome = .hang
        let hanging = filled("secret.person@example.com", "hunter2hunter2", logger: logs.logger)
        let submit = Task { await hanging.submit() }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(30))
        await submit.value
        #expect(logs.lines.map(\.message) == ["server error", "request timed out"])
        #expect(logs.lines.last?.level == .warning)

        #expect(!logs.text.contains("secret.person"))
        #expect(!logs.text.contains("hunter2"))
    }

    @Test func wrongCredentialsAreNotLogged() async {
        let logs = CapturedLogs()
        auth.signInOutcome = .fail(.api(APIError(status: 400, code: .invalidCredentials, message: "Invalid login credentials")))
        await filled(logger: logs.logger).submit()
        #expect(logs.lines.isEmpty)
    }
}
