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

/// The console's guard, declared (in `ConsoleRoutes`) on every console page and form past the
/// sign-in: resolves the console cookie against its session once per request, and lets only an
/// operator at full strength through (`context.consoleOperator`, read by `ConsoleContext.page`
/// and `form`). Everyone else is turned away before any handler runs:
///
/// - no cookie, an ended session (signed out, revoked, banned): 303 to `/admin/login`;
/// - idle past 15 minutes or older than 8 hours: 303 to `/admin/login?reason=timeout`;
/// - the TOTP code still due: 303 to `/admin/login/factor`;
/// - signed in but not an operator (demoted since): the 403 page.
///
/// The operator's requests are audited as theirs: the actor of every entry the request writes is
/// the operator's user id (`AuditRequest.actor`), as the admin middleware does for the API. Each
/// answer refreshes the cookie's `lastSeen` (the idle limit slides), unless the handler set or
/// cleared the cookie itself (sign-out).
struct ConsoleGuardMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    let console: ConsoleContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let signIn: ConsoleSignIn
        do {
            signIn = try await console.resolveSignIn(request)
        } catch {
            return console.renderer.response(.page(console.renderer.serverErrorPage()), exchange: console.exchange(for: request))
        }
        var exchange = console.exchange(for: request)
        switch signIn {
        case .signedIn(let console, let state):
            var context = context
            context.consoleOperator = console
            var origin = AuditRequest.current
            origin.actor = console.userId.lowercasedString
            var response = try await AuditRequest.$current.withValue(origin) { try await next(request, context) }
            let cookieName = self.console.security.sessionCookieName + "="
            if !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(cookieName) }),
                let cookie = self.console.sessionCookie(state)
            {
                response.setCookie(cookie)
            }
            return response
        case .needsFactor:
            return console.renderer.response(.redirect("/admin/login/factor"), exchange: exchange)
        case .timedOut:
            console.clearSignInCookie(on: &exchange)
            return console.renderer.response(.redirect("/admin/login?reason=timeout"), exchange: exchange)
        case .ended:
            console.clearSignInCookie(on: &exchange)
            return console.renderer.response(.redirect("/admin/login"), exchange: exchange)
        case .signedOut:
            return console.renderer.response(.redirect("/admin/login"), exchange: exchange)
        case .notOperator:
            console.clearSignInCookie(on: &exchange)
            return console.renderer.response(.page(console.renderer.forbiddenPage()), exchange: exchange)
        }
    }
}
