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

/// The account page's step-up: a session at aal1 of an account with a verified authenticator app
/// (a passkey sign-in, or a session whose app was just removed while another remains) is offered
/// a code field; the right code raises this browser's session to aal2 (`SecondFactorCode`, the
/// API's verify), after which the page's gated actions go through. Which actions are gated is the
/// services' decision, never the page's.
struct AccountStepUpForm {
    let web: WebContext
    let account: AccountPage

    /// What the form shows besides the user's apps.
    struct State {
        var codeError: String?
        var error: String?
        var selected: String?
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let cookie) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(cookie, on: &exchange)
        // Nothing to raise (already aal2, or no verified app): the page as it is.
        guard caller.needsSecondFactor else { return .page(try await account.page(caller, AccountPage.State())) }
        var page = AccountPage.State()
        switch try await SecondFactorCode(web: web).verify(form, for: caller, context: context) {
        case .refused(let refusal):
            page.stepUp = State(codeError: refusal.field, error: refusal.summary, selected: form["factor"])
            page.status = refusal.status
            return .page(try await account.page(caller, page))
        case .raised(let raised):
            page.notice = SecondFactorPageText.stepUpDone
            let aal2 = web.service.sessions.authenticated(user: raised.user, session: raised.session, now: raised.session.refreshedAt)
            return .page(try await account.page(aal2, page))
        }
    }

    /// The form's template values (merged into the account page's): nothing unless `caller`
    /// needs a code for what the API gates.
    static func values(for caller: Authenticated, _ state: State) -> [String: Any] {
        guard caller.needsSecondFactor else { return [:] }
        var form: [String: Any] = [
            "title": SecondFactorPageText.stepUpTitle, "explanation": SecondFactorPageText.stepUpExplanation,
            "confirm": SecondFactorPageText.stepUpConfirm, "confirming": SecondFactorPageText.stepUpConfirming,
        ]
        form.merge(SecondFactorCode.choiceValues(SecondFactorCode.factors(of: caller.user), selected: state.selected)) { current, _ in
            current
        }
        if let codeError = state.codeError { form["codeError"] = codeError }
        if let error = state.error { form["error"] = error }
        return ["stepUp": form]
    }
}
