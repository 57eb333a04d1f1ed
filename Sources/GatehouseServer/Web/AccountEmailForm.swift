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

/// `POST /account/email`: the account page's "Change Email" form (CSRF-checked, rate-limited
/// like the password form). It is `PUT /user {email}` (`AccountService.updateUser`), with its
/// assurance check (aal2 once the user has a verified factor) before GoTrue's email change starts:
/// links and codes go to the new address and, with secure email change, to the current one, and
/// the page says so; the address changes once they are confirmed.
struct AccountEmailForm {
    let web: WebContext
    let account: AccountPage

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let cookie) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(cookie, on: &exchange)
        var state = AccountPage.State()
        let typed = form["email"]
        state.emailValue = typed
        let address: EmailAddress
        do {
            address = try EmailAddress(validating: typed.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            state.emailError = UserFacingText.text(for: error)
            state.status = .unprocessableContent
            return .page(try await account.page(caller, state))
        }
        if address.normalized == caller.user.email {
            state.emailError = UserFacingText.Account.sameEmail
            state.status = .unprocessableContent
            return .page(try await account.page(caller, state))
        }
        if let wait = try await context.requestBudget.spend() {
            state.summary = UserFacingText.tooManyRequests(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return .page(try await account.page(caller, state))
        }
        let user: UserRecord
        do {
            user = try await web.service.accounts.updateUser(caller, with: UserUpdateRequest(email: address.normalized))
        } catch {
            if error.status.code >= 500 { throw error }
            switch error.code {
            case .emailExists: state.emailError = UserFacingText.Account.emailTaken
            // Told beside this form: the page's summary sits with the password form.
            case .insufficientAAL: state.emailError = WebContext.text(for: error)
            case .overEmailSendRateLimit: state.summary = UserFacingText.tooManyRequests(retryAfterSeconds: error.retryAfter ?? 60)
            default: state.summary = WebContext.text(for: error)
            }
            state.status = WebContext.status(for: error)
            return .page(try await account.page(caller, state))
        }
        state.emailValue = nil
        state.notice = UserFacingText.Account.emailChangeSent(
            to: address.normalized,
            current: web.service.configuration.secureEmailChange && !caller.user.isAnonymous
                ? caller.user.email : nil)
        return .page(try await account.page(Authenticated(claims: caller.claims, session: caller.session, user: user), state))
    }
}
