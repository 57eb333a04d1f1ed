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
import Logging
import Testing

/// Spec 000 / Story 1.4 / specs 003 and 004 states of the forgot-password model: a visible
/// "Validating...", the reachability check, real-time email feedback, the backend's own texts,
/// spec 000's network texts, and logging.
@MainActor
@Suite("ForgotPasswordModel: states of specs 000, 001, 003, 004")
struct ForgotPasswordSpecStatesTests {
    let service = StubResetService()
    let clock = ManualClock()

    func model(
        _ email: String = "user@example.com", reachability: any NetworkReachability = FixedReachability(reachable: true),
        logger: Logger = Logger(label: "test")
    ) -> ForgotPasswordModel {
        ForgotPasswordModel(service: service, clock: clock, prefillEmail: email, reachability: reachability, logger: logger)
    }

    // MARK: "Validating..." (spec 000 §6)

    @Test func validatingIsShownWhileTheChecksBeforeSendingRun() async {
        let reachability = GatedReachability()
        let model = model(reachability: reachability)
        #expect(model.buttonLabel == "Send Reset Link")
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isValidating })
        #expect(model.buttonLabel == "Validating...")
        #expect(model.isButtonDisabled)
        #expect(service.calls.isEmpty, "nothing is sent while validating")
        await model.submit()
        reachability.gate.open()
        await submit.value
        #expect(!model.isValidating)
        #expect(service.calls == ["user@example.com"], "a second tap while validating sends nothing more")
        #expect(model.phase == .sent)
    }

    // MARK: Network (spec 000 §8, spec 002 §8's reachability check)

    @Test func offlineIsToldAtOnceWithoutSending() async {
        let model = model(reachability: FixedReachability(reachable: false))
        await model.submit()
        #expect(service.calls.isEmpty)
        #expect(model.phase == .form)
        #expect(model.errorMessage == "No internet connection. Please try again.")
        #expect(model.signals.feedback?.kind == .error)
    }

    @Test(arguments: [
        (AuthClientError.timedOut, "Connection timed out. Please check your connection."),
        (AuthClientError.notConnected, "No internet connection. Please try again."),
        (AuthClientError.network("reset by peer"), "Network error. Please check your connection."),
        (AuthClientError.server(status: 503), "Server error. Please try again later."),
    ])
    func networkErrorsUseSpec000sTexts(error: AuthClientError, text: String) async {
        service.outcome = .fail(error)
        let model = model()
        await model.submit()
        #expect(model.errorMessage == text)
    }

    // MARK: Real-time email validation with visual feedback (Story 1.4)

    @Test func theFieldShowsACheckOrACrossAsThePersonTypes() {
        let model = model("")
        #expect(model.emailFeedback == .none)
        model.email = "user"
        #expect(model.emailFeedback == .invalid)
        model.email = "user@"
        #expect(model.emailFeedback == .invalid)
        model.email = "user@example"
        #expect(model.emailFeedback == .invalid, "no domain")
        model.email = "user@example.com"
        #expect(model.emailFeedback == .valid)
        #expect(model.emailError == nil, "the on-blur error waits for the blur")
        model.email = "user+test@example.com"
        #expect(model.emailFeedback == .valid)
        model.email = ""
        #expect(model.emailFeedback == .none)
    }

    // MARK: The backend's own texts (spec 003 `message`/`error`, spec 004 `message`)

    @Test func theBackendsSuccessMessageIsShown() async {
        service.receipt = PasswordResetReceipt(message: "If the email exists, a reset link has been sent")
        let model = model()
        await model.submit()
        // The backend's words first, then the address (spec 000: the success page shows it).
        let address = model.submittedEmail ?? ""
        #expect(model.successMessage == "If the email exists, a reset link has been sent\n" + UserFacingText.resetLinkOnItsWay(to: address))
        model.useDifferentEmail()
        service.receipt = PasswordResetReceipt()
        model.email = "other@example.com"
        await model.submit()
        #expect(
            model.successMessage == "If an account exists for other@example.com, a reset link is on its way",
            "the local text is the fallback")
    }

    @Test func theBackendsErrorIsShown() async {
        service.outcome = .fail(
            .api(APIError(status: 200, code: .unexpectedFailure, message: "MailerSend is down", isWrittenForPeople: true)))
        let model = model()
        await model.submit()
        #expect(model.errorMessage == "MailerSend is down")
    }

    @Test func aDevelopersMessageIsNotShown() async {
        service.outcome = .fail(.api(APIError(status: 500, code: .unexpectedFailure, message: "NullPointerException at line 3")))
        let model = model()
        await model.submit()
        #expect(model.errorMessage == "Server error. Please try again later.")
    }

    @Test func theEdgeFunctionsMessageComesThroughFromALiveServer() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let edge = EdgeFunctionResetService(baseURL: server.baseURL, apiKey: "anon")
            let model = ForgotPasswordModel(
                service: edge, clock: clock, prefillEmail: email, reachability: FixedReachability(reachable: true))
            await model.submit()
            #expect(model.phase == .sent)
            #expect(model.successMessage == "Password reset email sent\n" + UserFacingText.resetLinkOnItsWay(to: email))
        }
    }

    // MARK: Logging (no secrets)

    @Test func serverErrorsAndTimeoutsAreLoggedWithoutTheAddress() async {
        let logs = CapturedLogs()
        service.outcome = .fail(.server(status: 500))
        await model("private.person@example.com", logger: logs.logger).submit()
        service.outcome = .fail(.timedOut)
        await model("private.person@example.com", logger: logs.logger).submit()
        #expect(logs.lines.map(\.message) == ["server error", "request timed out"])
        #expect(!logs.text.contains("private.person"))
    }
}

/// Leaving the page while "Validating..." runs sends nothing (spec 001 edge cases).
@MainActor
@Suite("Leaving during the pre-send checks")
struct LeavingWhileValidatingTests {
    @Test func forgotPassword() async {
        let service = StubResetService()
        let reachability = GatedReachability()
        let model = ForgotPasswordModel(
            service: service, clock: ManualClock(), prefillEmail: "user@example.com", reachability: reachability)
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isValidating })
        model.cancel()
        reachability.gate.open()
        await submit.value
        #expect(service.calls.isEmpty)
        #expect(!model.isValidating)
        #expect(model.phase == .form)
    }

    @Test func login() async {
        let auth = StubAuthClient()
        let reachability = GatedReachability()
        let model = LoginModel(auth: auth, clock: ManualClock(), reachability: reachability)
        model.email = "user@example.com"
        model.password = "password123"
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isValidating })
        model.cancel()
        reachability.gate.open()
        await submit.value
        #expect(auth.signInCalls.isEmpty)
        #expect(!model.isValidating)
    }
}
