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
import Hummingbird

/// `GET|POST /admin/login`: the console's password step (`SessionService.consoleSignIn`). Only
/// operators get in; every refusal reads the same (`refusal`), so the page tells nobody whether
/// an address has an account, whether the password was right or whether the account is an
/// operator. An account with a verified TOTP factor goes on to `/admin/login/factor`.
struct ConsoleLoginPage {
    let console: ConsoleContext

    /// The one answer to every refused sign-in.
    static let refusal = "Those details do not open the console. Check the email address and password and try again."

    struct State {
        var email = ""
        var error: String?
        var timeout = false
        var notice: String?
        var status: HTTPResponse.Status = .ok
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> ConsoleOutcome {
        var state = State()
        switch try await console.resolveSignIn(request) {
        case .signedIn: return .redirect("/admin")
        case .needsFactor: return .redirect("/admin/login/factor")
        case .timedOut:
            state.timeout = true
            console.clearSignInCookie(on: &exchange)
        case .ended, .notOperator: console.clearSignInCookie(on: &exchange)
        case .signedOut: break
        }
        let query = request.uri.queryParameters
        state.timeout = state.timeout || query.get("reason") == "timeout"
        if query.get("notice") == "signed-out" { state.notice = "You have signed out of the console." }
        return .page(page(state))
    }

    /// A post without a genuine CSRF token: refused, the form again with a fresh token.
    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> ConsoleOutcome {
        .page(page(State(email: form["email"], error: "This form has expired. Sign in again.", status: .forbidden)))
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> ConsoleOutcome
    {
        var state = State(email: String(form["email"].trimmingCharacters(in: .whitespacesAndNewlines).prefix(320)))
        let password = form["password"]
        guard !state.email.isEmpty, !password.isEmpty else {
            state.error = "Enter your email address and password."
            state.status = .unprocessableContent
            return .page(page(state))
        }
        if let wait = try await context.requestBudget.spend() {
            state.error = UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait)
            state.status = .tooManyRequests
            return .page(page(state))
        }
        let outcome: ConsoleSignInOutcome
        do {
            outcome = try await console.service.sessions.consoleSignIn(email: state.email, password: password, client: context.client)
        } catch {
            if error.status.code >= 500 { throw error }
            if error.code == .overRequestRateLimit {
                state.error = UserFacingText.tooManyLoginAttempts(retryAfterSeconds: error.retryAfter ?? 60)
                state.status = .tooManyRequests
            } else {
                state.error = Self.refusal
                state.status = .badRequest
            }
            return .page(page(state))
        }
        switch outcome {
        case .signedIn(let session, _):
            console.setSignInCookie(console.cookieState(for: session), on: &exchange)
            exchange.rotateCSRF(console.security)
            return .redirect("/admin")
        case .needsFactor(let session, _):
            console.setSignInCookie(console.cookieState(for: session), on: &exchange)
            exchange.rotateCSRF(console.security)
            return .redirect("/admin/login/factor")
        }
    }

    func page(_ state: State) -> ConsolePage {
        var values: [String: Any] = ["email": state.email, "timeout": state.timeout]
        if let error = state.error { values["error"] = error }
        if let notice = state.notice { values["notice"] = notice }
        return ConsolePage(title: "Console sign-in", section: nil, template: "console_login", values: values, status: state.status)
    }
}
