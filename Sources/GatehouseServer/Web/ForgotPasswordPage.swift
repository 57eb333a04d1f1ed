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

import GatehouseCore
import HTTPTypes
import Hummingbird

/// `/forgot-password` (forgot-password spec 000): the address form, then the "Check Your
/// Email" state with the submitted address, "Send Another Email" (disabled for the server's
/// per-address window, with a countdown) and "Use a different email address".
///
/// Requests go through `requestEmail(.recovery, …)`, the enumeration-safe path every recovery
/// route shares: registered and unknown addresses get the same page, the same status and the
/// same timing. A second request inside the address's window is not an error: the sent state
/// says "Already sent, check inbox" and counts down what is left of the window.
struct ForgotPasswordPage {
    let web: WebContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) -> WebOutcome {
        .page(formPage())
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome {
        .page(formPage(email: form["email"], summary: UserFacingText.formExpired, status: .forbidden))
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let service = web.service
        let typed = form["email"]
        let email = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        let isResend = form.isChecked("resend")
        do {
            _ = try EmailAddress(validating: email)
        } catch {
            return .page(formPage(email: typed, emailError: UserFacingText.text(for: error), status: .unprocessableContent))
        }
        if let wait = try await context.requestBudget.spend() {
            let text = UserFacingText.tooManyResetRequests(retryAfterSeconds: wait)
            if isResend {
                return .page(sentPage(email: email, status: text, cooldown: wait, httpStatus: .tooManyRequests))
            }
            return .page(formPage(email: typed, summary: text, status: .tooManyRequests))
        }
        do {
            try await service.recovery.requestEmail(.recovery, email: email, missingMessage: UserFacingText.emailRequired)
        } catch {
            let failure: AuthError = error
            if failure.code == .overEmailSendRateLimit {
                return .page(sentPage(email: email, status: UserFacingText.alreadySentCheckInbox, cooldown: failure.retryAfter ?? 0))
            }
            if failure.status.code >= 500 { throw failure }
            return .page(formPage(email: typed, emailError: UserFacingText.invalidEmail, status: failure.status))
        }
        let window = Int(service.configuration.emailSendWindow)
        return .page(sentPage(email: email, status: isResend ? UserFacingText.emailSentAgain : nil, cooldown: window))
    }

    func formPage(
        email: String = "", emailError: String? = nil, summary: String? = nil, status: HTTPResponse.Status = .ok
    ) -> WebPage {
        var field = FieldModel.email(value: email, error: emailError, prefill: true)
        field.autofocus = emailError != nil
        var values: [String: Any] = [
            "emailField": field.values,
            "title": UserFacingText.ForgotPassword.title, "subtitle": UserFacingText.ForgotPassword.subtitle,
            "sendResetLink": UserFacingText.ForgotPassword.sendResetLink, "sending": UserFacingText.ForgotPassword.sending,
            "sendHint": UserFacingText.Accessibility.sendResetLinkHint,
            "backLabel": UserFacingText.ForgotPassword.backToLogin, "signInInstead": UserFacingText.ForgotPassword.signInInstead,
        ]
        if let summary { values["summary"] = summary }
        return WebPage(template: "forgot_password", title: UserFacingText.ForgotPassword.title, values: values, status: status)
    }

    func sentPage(email: String, status: String?, cooldown: Int, httpStatus: HTTPResponse.Status = .ok) -> WebPage {
        var values: [String: Any] = [
            "email": email, "rememberEmail": email,
            "message": UserFacingText.resetLinkOnItsWay(to: email),
            "followTheLink": UserFacingText.ForgotPassword.followTheLink,
            "expiry": UserFacingText.linkExpires(inSeconds: web.service.configuration.otpExpiry),
            "cooldown": max(0, cooldown),
            "resendHint": cooldown > 0 ? UserFacingText.resendAvailable(inSeconds: cooldown) : "",
            "successTitle": UserFacingText.ForgotPassword.successTitle, "sendAnother": UserFacingText.ForgotPassword.sendAnother,
            "sending": UserFacingText.ForgotPassword.sending, "useDifferentEmail": UserFacingText.ForgotPassword.useDifferentEmail,
            "signInInstead": UserFacingText.ForgotPassword.signInInstead, "backLabel": UserFacingText.ForgotPassword.backToLogin,
        ]
        if let status { values["statusLine"] = status }
        return WebPage(
            template: "forgot_password_sent", title: UserFacingText.ForgotPassword.successTitle, values: values, status: httpStatus)
    }
}
