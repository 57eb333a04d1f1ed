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

import Hummingbird

/// `POST /admin/logout`: ends the console session (its row, so the cookie opens nothing even if
/// kept) and clears the cookie. Not behind the guard, so the second step's "Cancel" reaches it
/// too; the CSRF check still applies (a forged post signs nobody out).
struct ConsoleSignOut {
    let console: ConsoleContext

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> ConsoleOutcome
    {
        switch try await console.resolveSignIn(request) {
        case .signedIn(let signedIn, _): try await console.service.sessions.endConsoleSession(signedIn.caller)
        case .needsFactor(let caller, _, _): try await console.service.sessions.endConsoleSession(caller)
        case .timedOut, .ended, .notOperator, .signedOut: break
        }
        console.clearSignInCookie(on: &exchange)
        exchange.rotateCSRF(console.security)
        return .redirect("/admin/login?notice=signed-out")
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> ConsoleOutcome {
        .page(console.renderer.formExpiredPage(back: "/admin"))
    }
}
