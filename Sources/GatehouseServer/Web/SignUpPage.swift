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
import HTTPTypes
import Hummingbird

/// `/signup`: email, password and its confirmation. The form posts to `/signup/create` (the
/// API owns `POST /signup`). With autoconfirm the browser is signed in at once; otherwise the
/// "Check Your Email" state, worded the same whether or not the address was already registered.
///
/// Confirmation links carry the PKCE challenge of a verifier this browser keeps in a cookie
/// (`SignUpConfirmation.swift`): the link lands on `/login?code=…` (a query the server sees,
/// instead of tokens in a fragment it cannot), where the code signs this browser in, and only
/// confirms the address anywhere else. The "Check Your Email" page also takes the email's code.
struct SignUpPage {
    let web: WebContext

    struct State {
        var email = ""
        var emailError: String?
        var passwordError: String?
        var confirmError: String?
        var summary: String?
        var status: HTTPResponse.Status = .ok
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        if case .signedIn = try web.signIn(context) { return .redirect("/account") }
        return .page(page(State()))
    }

    func createExpired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome
    {
        .page(page(State(email: form["email"], summary: UserFacingText.formExpired, status: .forbidden)))
    }

    func resendExpired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome
    {
        .page(sentPage(email: form["email"], status: UserFacingText.formExpired, cooldown: 0, httpStatus: .forbidden))
    }

    func create(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let service = web.service
        var state = State(email: form["email"])
        let email = state.email.trimmingCharacters(in: .whitespacesAndNewlines)
        let password = form["password"]
        do {
            _ = try EmailAddress(validating: email)
        } catch {
            state.emailError = UserFacingText.text(for: error)
        }
        state.passwordError = UserFacingText.text(for: service.passwordPolicy.check(password))
        state.confirmError = PasswordConfirmation.problem(password: password, confirmation: form["confirm"]).map(UserFacingText.text(for:))
        if state.emailError != nil || state.passwordError != nil || state.confirmError != nil {
            state.status = .unprocessableContent
            return .page(page(state))
        }
        let client = context.client
        if let wait = try await context.requestBudget.spend() {
            state.summary = UserFacingText.tooManyRequests(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return .page(page(state))
        }
        let result: SignUpOutcome
        do {
            result = try await service.accounts.signUp(
                email: email, password: password, data: [:], client: client,
                redirectTo: confirmationLanding, pkce: web.signUpChallenge(request, exchange: &exchange)
            )
        } catch {
            if error.status.code >= 500 { throw error }
            if error.code == .weakPassword {
                state.passwordError = WebContext.passwordText(for: error, minimum: service.passwordPolicy.minimumLength)
            } else {
                state.summary = WebContext.text(for: error)
            }
            state.status = error.status
            return .page(page(state))
        }
        switch result {
        case .signedIn(let session):
            web.setSignInCookie(web.cookieState(for: session, remember: false), on: &exchange)
            exchange.rotateCSRF(web.security)
            return .redirect("/account")
        case .awaitingConfirmation:
            return .page(sentPage(email: email, status: nil, cooldown: Int(service.configuration.emailSendWindow)))
        }
    }

    /// "Send Another Email" on the sent state, and "Resend verification email" on the login page.
    func resend(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let service = web.service
        let email = form["email"].trimmingCharacters(in: .whitespacesAndNewlines)
        guard EmailAddress.isValid(email) else { return .redirect("/signup") }
        if let wait = try await context.requestBudget.spend() {
            return .page(
                sentPage(
                    email: email, status: UserFacingText.tooManyRequests(retryAfterSeconds: wait), cooldown: wait,
                    httpStatus: .tooManyRequests
                ))
        }
        do {
            try await service.recovery.requestEmail(
                .signupConfirmation, email: email, redirectTo: confirmationLanding, pkce: web.signUpChallenge(request, exchange: &exchange),
                missingMessage: "Resend requires an email"
            )
        } catch {
            let failure: AuthError = error
            guard failure.code == .overEmailSendRateLimit else { throw failure }
            return .page(sentPage(email: email, status: UserFacingText.alreadySentCheckInbox, cooldown: failure.retryAfter ?? 0))
        }
        return .page(sentPage(email: email, status: UserFacingText.emailSentAgain, cooldown: Int(service.configuration.emailSendWindow)))
    }

    /// Where confirmation links send the browser: the login page of this server.
    private var confirmationLanding: String { web.service.configuration.externalURL + "/login" }

    func page(_ state: State) -> WebPage {
        let minimum = web.service.passwordPolicy.minimumLength
        var fields = [
            FieldModel.email(value: state.email, error: state.emailError, autocomplete: "email"),
            FieldModel.password(
                autocomplete: "new-password", hint: UserFacingText.passwordHint(minimum: minimum), error: state.passwordError
            ),
            FieldModel.password(
                id: "confirm", label: UserFacingText.SignUp.confirmPasswordLabel, autocomplete: "new-password", validate: "confirm",
                error: state.confirmError, match: "password"
            ),
        ]
        FieldModel.focusFirstError(&fields)
        var values: [String: Any] = [
            "emailField": fields[0].values, "passwordField": fields[1].values, "confirmField": fields[2].values,
            "backLabel": UserFacingText.ForgotPassword.backToLogin,
            "subtitle": UserFacingText.signUpSubtitle(product: web.renderer.product),
            "create": UserFacingText.SignUp.create, "creating": UserFacingText.SignUp.creating,
            "haveAccount": UserFacingText.SignUp.haveAccount, "signIn": UserFacingText.Login.signIn,
        ]
        if let summary = state.summary { values["summary"] = summary }
        values.merge(ProviderButtons.values(web.service.configuration.external)) { current, _ in current }
        return WebPage(template: "signup", title: UserFacingText.SignUp.title, values: values, status: state.status)
    }

    func sentPage(email: String, status: String?, cooldown: Int, httpStatus: HTTPResponse.Status = .ok) -> WebPage {
        var values: [String: Any] = [
            "email": email, "message": UserFacingText.confirmationOnItsWay(to: email),
            "expiry": UserFacingText.linkExpires(inSeconds: web.service.configuration.otpExpiry),
            "cooldown": max(0, cooldown), "rememberEmail": email,
            "resendHint": cooldown > 0 ? UserFacingText.resendAvailable(inSeconds: cooldown) : "",
            "successTitle": UserFacingText.ForgotPassword.successTitle, "sendAnother": UserFacingText.ForgotPassword.sendAnother,
            "sending": UserFacingText.ForgotPassword.sending, "useDifferentEmail": UserFacingText.ForgotPassword.useDifferentEmail,
            "signInInstead": UserFacingText.ForgotPassword.signInInstead, "backLabel": UserFacingText.ForgotPassword.backToLogin,
            "codeLabel": LinkLandingText.codeLabel, "codeHint": LinkLandingText.codeHint,
            "confirmCode": LinkLandingText.confirm, "confirmingCode": LinkLandingText.confirming,
        ]
        if let status { values["statusLine"] = status }
        return WebPage(template: "signup_sent", title: UserFacingText.ForgotPassword.successTitle, values: values, status: httpStatus)
    }
}
