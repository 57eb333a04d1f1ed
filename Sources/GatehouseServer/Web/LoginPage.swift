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

/// `/login` (login spec 002): email and password, "Remember me", the timeout banner for
/// `?reason=timeout`, the specs' error texts; success signs the browser in and goes to `/account`,
/// or, for an account with a verified authenticator app, to the code step (`LoginCodePage`)
/// first, with no sign-in cookie until its code is verified.
///
/// It is also where sign-up confirmation links land (`?code=`: the browser that signed up is
/// signed in, another is told the address is confirmed, with it filled in; see `SignUpPage`),
/// where a confirmation link opened again or a failed one says so (`?link=`, `WebLinkLanding`),
/// and where sign-out goes (`?notice=signed-out`).
struct LoginPage {
    let web: WebContext

    struct State {
        var email = ""
        var remember = false
        var emailError: String?
        var passwordError: String?
        var summary: String?
        var summaryDetail: String?
        /// "Please verify your email": offer to send the confirmation again.
        var offerConfirmation = false
        var timeout = false
        var notice: String?
        var status: HTTPResponse.Status = .ok
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let query = request.uri.queryParameters
        var state = State()
        switch try web.signIn(context) {
        case .signedIn: return .redirect("/account")
        case .timedOut:
            state.timeout = true
            web.clearSignInCookie(on: &exchange)
        case .ended: web.clearSignInCookie(on: &exchange)
        case .signedOut: break
        }
        state.timeout = state.timeout || query.get("reason") == "timeout"
        if query.get("reason") == "code-expired" { state.summary = SecondFactorPageText.expired }
        if let code = query.get("code") {
            // A confirmation link's PKCE code: the address was confirmed on the way here.
            let landing = try await web.service.sessions.landConfirmation(
                code: code, verifier: web.signUpVerifier(request), client: context.client)
            switch landing {
            case .signedIn(let issued):
                web.forgetSignUpVerifier(on: &exchange)
                return .redirect(web.codeStepOrAccount(issued, exchange: &exchange))
            case .confirmed(let email):
                state.notice = UserFacingText.emailConfirmed
                state.email = email
            case .unknown:
                // Only a confirmation's redirect brings a code here; one past its day still did.
                state.notice = UserFacingText.emailConfirmed
            }
        } else if let mark = WebLinkLanding.Mark(request) {
            if mark == .invalid {
                state.summary = LinkLandingText.invalid
                state.summaryDetail = LinkLandingText.invalidDetail
            } else {
                state.notice = mark.text(signedInAs: nil)
            }
        } else if query.get("notice") == "signed-out" {
            state.notice = UserFacingText.signedOut
        }
        if let refusal = ProviderButtons.refusalText(query, providers: web.service.configuration.external) { state.summary = refusal }
        return .page(page(state))
    }

    /// The words the pages' script shows for GoTrue's error fragment, on the alert region.
    static var linkErrorTexts: [String: Any] { ["linkUnusable": LinkLandingText.unusable, "linkDetail": LinkLandingText.unusableDetail] }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome {
        .page(
            page(State(email: form["email"], remember: form.isChecked("remember"), summary: UserFacingText.formExpired, status: .forbidden))
        )
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signIn(form, request: request, context: context, exchange: &exchange)
    }

    private func signIn(
        _ form: WebForm, request: Request, context: GatehouseRequestContext, exchange: inout WebExchange
    ) async throws -> WebOutcome {
        let service = web.service
        var state = State(email: form["email"], remember: form.isChecked("remember"))
        let email = state.email.trimmingCharacters(in: .whitespacesAndNewlines)
        let password = form["password"]
        if email.isEmpty || password.isEmpty {
            state.emailError = email.isEmpty ? UserFacingText.emailRequired : nil
            state.passwordError = password.isEmpty ? UserFacingText.passwordRequired : nil
            state.summary = UserFacingText.emailAndPasswordRequired
        } else {
            do {
                _ = try EmailAddress(validating: email)
            } catch {
                state.emailError = UserFacingText.text(for: error)
            }
            state.passwordError = UserFacingText.text(for: service.passwordPolicy.check(password))
        }
        if state.emailError != nil || state.passwordError != nil {
            state.status = .unprocessableContent
            return .page(page(state))
        }

        let client = context.client
        if let wait = try await context.requestBudget.spend() {
            state.summary = UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return .page(page(state))
        }
        let session: IssuedSession
        do {
            session = try await service.sessions.signIn(email: email, password: password, client: client)
        } catch {
            if error.status.code >= 500 { throw error }
            state.summary = WebContext.text(for: error)
            switch error.code {
            case .invalidCredentials: state.summaryDetail = UserFacingText.checkAndTryAgain
            case .emailNotConfirmed: state.offerConfirmation = true
            // The address's run of wrong passwords (`GATEHOUSE_SIGNIN_FAILURE_LIMIT`): the right
            // password waits too, and the page says for how long.
            case .overRequestRateLimit:
                let wait = error.retryAfter ?? Int(web.service.configuration.signInFailureWindow)
                state.summary = UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait)
            default: break
            }
            state.status = error.status
            return .page(page(state))
        }
        // In, or on to the code step when the account has a verified authenticator app.
        return web.finishPasswordSignIn(session, remember: state.remember, exchange: &exchange)
    }

    func page(_ state: State) -> WebPage {
        var fields = [
            // With passkeys on, the browser may offer them in the email field's autofill.
            FieldModel.email(
                value: state.email, error: state.emailError, prefill: true,
                autocomplete: web.passkeysEnabled ? "username webauthn" : "username"),
            FieldModel.password(
                autocomplete: "current-password", placeholder: UserFacingText.Login.passwordPlaceholder, error: state.passwordError
            ),
        ]
        FieldModel.focusFirstError(&fields)
        var values: [String: Any] = [
            "emailField": fields[0].values, "passwordField": fields[1].values,
            "remember": state.remember, "timeout": state.timeout, "timeoutText": UserFacingText.sessionTimedOut,
            "backLabel": UserFacingText.Login.backToWelcome, "subtitle": UserFacingText.signInSubtitle,
            "signIn": UserFacingText.Login.signIn, "signingIn": UserFacingText.Login.signingIn,
            "signInHint": UserFacingText.Accessibility.signInHint,
            "rememberMe": UserFacingText.Login.rememberMe, "forgotPassword": UserFacingText.Login.forgotPassword,
            "newHere": UserFacingText.newHere(product: web.renderer.product),
            "noAccount": UserFacingText.Login.noAccount, "createAccount": UserFacingText.Login.createAccount,
        ]
        values.merge(LoginPasskeyForm.values(enabled: web.passkeysEnabled)) { current, _ in current }
        values.merge(Self.linkErrorTexts) { current, _ in current }
        values.merge(ProviderButtons.values(web.service.configuration.external)) { current, _ in current }
        if let notice = state.notice { values["notice"] = notice }
        if let summary = state.summary { values["summary"] = summary }
        if let detail = state.summaryDetail { values["summaryDetail"] = detail }
        if state.offerConfirmation {
            values["resendConfirmation"] = true
            values["email"] = state.email.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return WebPage(template: "login", title: UserFacingText.Login.signIn, values: values, status: state.status)
    }
}
