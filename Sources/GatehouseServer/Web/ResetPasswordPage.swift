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

/// `/reset-password?token=…`, where recovery emails link by default. GET shows the form and
/// spends nothing (mail scanners open links); POST sets the password and spends the token. A
/// bad, spent or expired token only ever reads "This link is invalid or has expired": nothing on
/// the page tells whether a token, or an address, ever existed. A usable one names the account it
/// resets (its holder got it at that address); the account's current password is refused, as on
/// the account page. The token travels in the form
/// (never in a logged URL of ours), and every answer carries `Referrer-Policy: no-referrer`.
struct ResetPasswordPage {
    let web: WebContext
    /// Where the form posts: this page, or Firebase's action URL (`FirebaseActionPage`).
    var formAction = "/reset-password"
    /// An allowed `continueUrl` of a Firebase link, offered on the done page.
    var continueURL: String? = nil

    struct State {
        var token: String
        /// The account the link resets, named on the form (nil: not looked up).
        var email: String?
        var passwordError: String?
        var confirmError: String?
        var summary: String?
        var status: HTTPResponse.Status = .ok
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        guard let token = request.uri.queryParameters.get("token"), !token.isEmpty, token.utf8.count <= 512,
            let email = try await web.service.recovery.resetLinkAccount(token)
        else { return .page(invalidLink()) }
        return .page(page(State(token: token, email: email)))
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome {
        .page(page(State(token: form["token"], summary: UserFacingText.formExpired, status: .forbidden)))
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let service = web.service
        let token = form["token"]
        guard !token.isEmpty, token.utf8.count <= 512 else { return .page(invalidLink()) }
        var state = State(token: token)
        let password = form["password"]
        // The form comes back only with an error: it names the account again.
        func again(_ state: State) async throws -> WebOutcome {
            var state = state
            state.email = try await service.recovery.resetLinkAccount(token)
            return .page(page(state))
        }
        state.passwordError = UserFacingText.text(for: service.passwordPolicy.check(password))
        if state.passwordError == nil {
            state.confirmError = PasswordConfirmation.problem(password: password, confirmation: form["confirm"]).map(
                UserFacingText.text(for:))
        }
        if state.passwordError != nil || state.confirmError != nil {
            state.status = .unprocessableContent
            return try await again(state)
        }
        if let wait = try await context.requestBudget.spend() {
            state.summary = UserFacingText.tooManyRequests(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return try await again(state)
        }
        let user: UserRecord
        do {
            user = try await service.recovery.resetPassword(token: token, newPassword: password, refusingCurrentPassword: true)
        } catch {
            let failure: AuthError = error
            if failure.code == .otpExpired { return .page(invalidLink()) }
            guard failure.status.code < 500, [.weakPassword, .validationFailed, .samePassword].contains(failure.code) else {
                throw failure
            }
            state.passwordError =
                failure.code == .samePassword
                ? UserFacingText.samePassword
                : UserFacingText.text(for: service.passwordPolicy.check(password))
                    ?? WebContext.passwordText(for: failure, minimum: service.passwordPolicy.minimumLength)
            state.status = failure.status
            return try await again(state)
        }
        // Every session of the account ended with the reset, this browser's included.
        web.clearSignInCookie(on: &exchange)
        var values: [String: Any] = [
            "title": UserFacingText.ResetPassword.doneTitle, "message": UserFacingText.passwordChanged,
            "otherSessions": UserFacingText.allSessionsSignedOut, "signIn": UserFacingText.Login.signIn,
            "rememberEmail": user.email,
        ]
        if let continueURL { values.merge(["continueURL": continueURL, "continueLabel": FirebaseActionPage.continueLabel]) { $1 } }
        return .page(WebPage(template: "reset_password_done", title: UserFacingText.ResetPassword.doneTitle, values: values))
    }

    func page(_ state: State) -> WebPage {
        let minimum = web.service.passwordPolicy.minimumLength
        var fields = FieldModel.newPasswordPair(minimum: minimum, passwordError: state.passwordError, confirmError: state.confirmError)
        FieldModel.focusFirstError(&fields)
        var values: [String: Any] = [
            "token": state.token, "formAction": formAction, "passwordField": fields[0].values, "confirmField": fields[1].values,
            "subtitle": state.email.map(LinkLandingText.resetSubtitle(for:)) ?? UserFacingText.ResetPassword.subtitle,
            "save": UserFacingText.ResetPassword.save, "saving": UserFacingText.ResetPassword.saving,
            "signInInstead": UserFacingText.ForgotPassword.signInInstead,
        ]
        if let summary = state.summary { values["summary"] = summary }
        return WebPage(template: "reset_password", title: UserFacingText.ResetPassword.title, values: values, status: state.status)
    }

    func invalidLink() -> WebPage {
        WebPage(
            template: "reset_password_invalid", title: UserFacingText.ResetPassword.invalidTitle,
            values: [
                "message": UserFacingText.resetLinkInvalid,
                "explanation": UserFacingText.ResetPassword.invalidExplanation(
                    lifetime: UserFacingText.duration(seconds: web.service.configuration.otpExpiry)
                ),
                "requestNewLink": UserFacingText.ResetPassword.requestNewLink,
                "backLabel": UserFacingText.ForgotPassword.backToLogin, "signInInstead": UserFacingText.ForgotPassword.signInInstead,
            ], status: .badRequest)
    }
}
