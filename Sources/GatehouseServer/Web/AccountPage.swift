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

/// `/account`: the signed-in view — who you are, sign out, change password. A browser that is
/// not signed in goes to `/login`; one whose session lapsed from inactivity to
/// `/login?reason=timeout` (the login spec's timeout banner).
///
/// Every change the API gates by assurance level is made through the same service operation as
/// the API's (`updateUser`, `MFAService`, `PasskeyService`), so the page refuses what the API
/// refuses; an aal1 session that needs a code is offered one (`AccountStepUpForm`).
struct AccountPage {
    let web: WebContext

    struct State {
        var currentError: String?
        var passwordError: String?
        var confirmError: String?
        var summary: String?
        var notice: String?
        var status: HTTPResponse.Status = .ok
        /// The two-factor section (`AccountMFASection`).
        var mfa = AccountMFASection.State()
        /// The "Change Email" form (`AccountEmailForm`): what was typed and its error.
        var emailValue: String?
        var emailError: String?
        /// The "Passkeys" section (`AccountPasskeySection`).
        var passkeys = AccountPasskeySection.State()
        /// The code that raises an aal1 session (`AccountStepUpForm`).
        var stepUp = AccountStepUpForm.State()
        /// The "Sign-in providers" section (`AccountIdentitiesSection`).
        var identities = AccountIdentitiesSection.State()
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let state) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(state, on: &exchange)
        let identities = AccountIdentitiesSection.State(request, providers: web.service.configuration.external)
        return .page(try await page(caller, State(identities: identities)))
    }

    func signOut(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let signIn = try web.signIn(context)
        if case .signedIn(let caller, _) = signIn {
            try await web.service.sessions.signOut(caller, scope: .local)
        }
        web.clearSignInCookie(on: &exchange)
        exchange.rotateCSRF(web.security)
        return .redirect("/login?notice=signed-out")
    }

    func submitPassword(
        _ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange
    ) async throws -> WebOutcome {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let state) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(state, on: &exchange)
        return try await changePassword(caller, form: form, request: request, context: context)
    }

    /// Either form posted without a valid CSRF token.
    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, _) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        return .page(try await page(caller, State(summary: UserFacingText.formExpired, status: .forbidden)))
    }

    private func changePassword(
        _ caller: Authenticated, form: WebForm, request: Request, context: GatehouseRequestContext
    ) async throws -> WebOutcome {
        let service = web.service
        var state = State()
        let current = form["current"]
        let password = form["password"]
        if current.isEmpty { state.currentError = UserFacingText.passwordRequired }
        state.passwordError = UserFacingText.text(for: service.passwordPolicy.check(password))
        if state.passwordError == nil {
            state.confirmError = PasswordConfirmation.problem(password: password, confirmation: form["confirm"]).map(
                UserFacingText.text(for:))
        }
        if state.currentError != nil || state.passwordError != nil || state.confirmError != nil {
            state.status = .unprocessableContent
            return .page(try await page(caller, state))
        }
        if let wait = try await context.requestBudget.spend() {
            state.summary = UserFacingText.tooManyRequests(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return .page(try await page(caller, state))
        }
        guard try await service.accounts.isCurrentPassword(current, of: caller.user) else {
            state.currentError = UserFacingText.currentPasswordIncorrect
            state.status = .badRequest
            return .page(try await page(caller, state))
        }
        do {
            _ = try await service.accounts.updateUser(caller, with: UserUpdateRequest(password: password, currentPassword: current))
        } catch {
            if error.status.code >= 500 { throw error }
            if error.code == .samePassword {
                state.passwordError = UserFacingText.samePassword
            } else if error.code == .weakPassword {
                state.passwordError = WebContext.passwordText(for: error, minimum: service.passwordPolicy.minimumLength)
            } else {
                state.summary = WebContext.text(for: error)
            }
            state.status = WebContext.status(for: error)
            return .page(try await page(caller, state))
        }
        state.notice = UserFacingText.passwordChanged + " " + UserFacingText.otherSessionsSignedOut
        return .page(try await page(caller, state))
    }

    /// The page for `caller` (async: the passkeys section reads the user's passkeys).
    func page(_ caller: Authenticated, _ state: State) async throws -> WebPage {
        let user = caller.user
        let minimum = web.service.passwordPolicy.minimumLength
        var fields =
            [
                FieldModel.password(
                    id: "current", label: UserFacingText.Account.currentPasswordLabel, autocomplete: "current-password",
                    validate: "current", error: state.currentError
                )
            ] + FieldModel.newPasswordPair(minimum: minimum, passwordError: state.passwordError, confirmError: state.confirmError)
        FieldModel.focusFirstError(&fields)
        var values: [String: Any] = [
            "currentField": fields[0].values, "passwordField": fields[1].values, "confirmField": fields[2].values,
            "userEmail": user.email,
            "confirmedAt": user.emailConfirmedAt.map(Self.format) ?? UserFacingText.Account.notConfirmed,
            "lastSignIn": user.lastSignInAt.map(Self.format) ?? "—",
            "createdAt": Self.format(user.createdAt),
            "backLabel": UserFacingText.Login.backToWelcome,
            "signedInAs": UserFacingText.Account.signedInAs, "confirmedLabel": UserFacingText.Account.confirmedLabel,
            "lastSignInLabel": UserFacingText.Account.lastSignInLabel, "memberSinceLabel": UserFacingText.Account.memberSinceLabel,
            "signOut": UserFacingText.Account.signOut, "signingOut": UserFacingText.Account.signingOut,
            "changePassword": UserFacingText.Account.changePassword, "changingPassword": UserFacingText.Account.changingPassword,
        ]
        var emailField = FieldModel.email(value: state.emailValue ?? "", error: state.emailError, autocomplete: "email")
        emailField.label = UserFacingText.Account.newEmailLabel
        if state.emailError != nil, fields.allSatisfy({ $0.error == nil }) { emailField.autofocus = true }
        values["emailField"] = emailField.values
        values["changeEmail"] = UserFacingText.Account.changeEmail
        values["changingEmail"] = UserFacingText.Account.changingEmail
        if let pending = user.emailChange { values["pendingEmail"] = UserFacingText.Account.emailChangePending(pending) }
        if let summary = state.summary { values["summary"] = summary }
        if let notice = state.notice { values["notice"] = notice }
        values.merge(AccountStepUpForm.values(for: caller, state.stepUp)) { current, _ in current }
        // A setup asked for now takes the focus; one left half done (a reload) is offered again.
        var mfa = state.mfa
        let setupAsked = mfa.pending != nil
        if mfa.pending == nil { mfa.pending = try await AccountMFASection.unfinishedSetup(of: caller, web: web) }
        values.merge(AccountMFASection.values(for: user, mfa, focusSetup: setupAsked)) { current, _ in current }
        // The title takes the focus after an answer only when nothing further down is its result.
        let sectionResult = [
            state.notice, state.summary, state.mfa.notice, state.passkeys.notice, state.passkeys.confirmRemoval, state.identities.notice,
            state.identities.error,
        ]
        values["focusTitle"] = !setupAsked && sectionResult.allSatisfy { $0 == nil }
        let passkeys = web.passkeysEnabled ? try await web.passkeys(of: user) : nil
        values.merge(AccountPasskeySection.values(passkeys, state.passkeys)) { current, _ in current }
        values.merge(try await AccountIdentitiesSection.values(for: user, state.identities, web: web)) { current, _ in current }
        return WebPage(template: "account", title: UserFacingText.Account.title, values: values, status: state.status)
    }

    /// `2026-02-06 14:25 UTC`.
    static func format(_ timestamp: Timestamp) -> String {
        let text = timestamp.rfc3339
        guard text.count >= 16 else { return text }
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
