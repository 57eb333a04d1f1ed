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

/// `GET|POST /admin/login/factor`: the second step for an operator whose account has a verified
/// TOTP factor. The code is checked as the API checks it (`MFAService.challengeAndVerify`: the
/// factor's guess budget, each time step used once, audited), which raises the console session
/// to aal2; until then the guard sends every console page here.
///
/// As GoTrue's verify does, raising the session ends the operator's other aal1 sessions.
struct ConsoleFactorPage {
    let console: ConsoleContext

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> ConsoleOutcome {
        switch try await console.resolveSignIn(request) {
        case .needsFactor: return .page(page(error: nil))
        case .signedIn: return .redirect("/admin")
        case .timedOut:
            console.clearSignInCookie(on: &exchange)
            return .redirect("/admin/login?reason=timeout")
        case .ended, .notOperator:
            console.clearSignInCookie(on: &exchange)
            return .redirect("/admin/login")
        case .signedOut: return .redirect("/admin/login")
        }
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> ConsoleOutcome {
        .page(page(error: "This form has expired. Enter the code again.", status: .forbidden))
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> ConsoleOutcome
    {
        guard case .needsFactor(let caller, let factorId, var state) = try await console.resolveSignIn(request) else {
            return try await show(request, context, &exchange)
        }
        let code = form["code"].trimmingCharacters(in: .whitespaces)
        guard code.count == 6, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else {
            return .page(page(error: "Enter the 6-digit code from your authenticator app.", status: .unprocessableContent))
        }
        if let wait = try await context.requestBudget.spend() {
            return .page(page(error: UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait), status: .tooManyRequests))
        }
        do {
            _ = try await console.service.mfa.challengeAndVerify(
                caller, factorId: factorId.lowercasedString, code: code, client: context.client)
        } catch {
            if error.status.code >= 500 { throw error }
            if error.code == .overRequestRateLimit {
                let wait = error.retryAfter ?? 60
                return .page(page(error: UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait), status: .tooManyRequests))
            }
            return .page(page(error: "That code is not right. Enter the code your app shows now.", status: .unprocessableContent))
        }
        state.lastSeen = console.service.environment.clock.now().secondsSinceEpoch
        console.setSignInCookie(state, on: &exchange)
        exchange.rotateCSRF(console.security)
        return .redirect("/admin")
    }

    func page(error: String?, status: HTTPResponse.Status = .ok) -> ConsolePage {
        var values: [String: Any] = [:]
        if let error { values["error"] = error }
        return ConsolePage(title: "Two-factor authentication", section: nil, template: "console_factor", values: values, status: status)
    }
}
