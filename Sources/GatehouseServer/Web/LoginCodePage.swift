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

/// `/login/code`: the sign-in's second step, for an account with a verified authenticator app
/// (`WebContext.finishPasswordSignIn` sends the browser here with only the step's cookie). The
/// right code raises the step's session to aal2 and only then sets the sign-in cookie; wrong
/// codes spend the factor's guess budget (`SecondFactorCode`); the step lasts as long as an API
/// challenge. "Cancel sign-in" ends the step's session.
struct LoginCodePage {
    let web: WebContext

    struct State {
        var codeError: String?
        var summary: String?
        var selected: String?
        var status: HTTPResponse.Status = .ok
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let status = try await web.resolveCodeStep(request)
        guard case .pending(let caller, _) = status else { return leave(status, &exchange) }
        return .page(page(caller, State()))
    }

    /// The form posted without a genuine CSRF token: the step again, with a fresh token.
    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let status = try await web.resolveCodeStep(request)
        guard case .pending(let caller, _) = status else { return leave(status, &exchange) }
        return .page(page(caller, State(summary: UserFacingText.formExpired, selected: form["factor"], status: .forbidden)))
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let status = try await web.resolveCodeStep(request)
        guard case .pending(let caller, let step) = status else { return leave(status, &exchange) }
        switch try await SecondFactorCode(web: web).verify(form, for: caller, context: context) {
        case .refused(let refusal):
            let state = State(codeError: refusal.field, summary: refusal.summary, selected: form["factor"], status: refusal.status)
            return .page(page(caller, state))
        case .raised(let raised):
            web.endCodeStep(on: &exchange)
            let signedIn = WebSessionState(
                sessionId: raised.session.id, userId: raised.user.id, remember: step.remember,
                lastSeen: raised.session.refreshedAt.secondsSinceEpoch)
            web.setSignInCookie(signedIn, on: &exchange)
            exchange.rotateCSRF(web.security)
            return .redirect("/account")
        }
    }

    /// "Cancel sign-in": the step's session ends, and the sign-in starts again.
    func cancel(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        if case .pending(let caller, _) = try await web.resolveCodeStep(request) {
            try await web.service.sessions.signOut(caller, scope: .local)
        }
        web.endCodeStep(on: &exchange)
        exchange.rotateCSRF(web.security)
        return .redirect("/login")
    }

    /// Where a browser with no step to finish goes: the sign-in, told why when the step ran out.
    private func leave(_ status: SecondFactorStepStatus, _ exchange: inout WebExchange) -> WebOutcome {
        web.endCodeStep(on: &exchange)
        if case .expired = status { return .redirect("/login?reason=code-expired") }
        return .redirect("/login")
    }

    func page(_ caller: Authenticated, _ state: State) -> WebPage {
        var values: [String: Any] = [
            "explanation": SecondFactorPageText.explanation, "verify": SecondFactorPageText.verify,
            "verifying": SecondFactorPageText.verifying, "cancel": SecondFactorPageText.cancel,
            "cancelling": SecondFactorPageText.cancelling,
        ]
        values.merge(SecondFactorCode.choiceValues(SecondFactorCode.factors(of: caller.user), selected: state.selected)) { current, _ in
            current
        }
        if let codeError = state.codeError { values["codeError"] = codeError }
        if let summary = state.summary { values["summary"] = summary }
        return WebPage(template: "login_code", title: SecondFactorPageText.title, values: values, status: state.status)
    }
}
