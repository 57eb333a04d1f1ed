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

/// Every route of the admin console, in one list: HTML pages at the root under
/// `/admin`, beside (never on) the GoTrue admin API's JSON paths (`/admin/users…`,
/// `/admin/audit`, …). Served only with `GATEHOUSE_ADMIN_CONSOLE=on`; off, none of these routes
/// exists, so every console path answers 404.
///
/// Three groups, each with its middleware (see `docs/CONSOLE.md`):
/// - `signIn` / `signInForms`: the sign-in steps and sign-out (page headers; forms: rate limit,
///   then CSRF);
/// - `pages`: the operator's pages (page headers, then `ConsoleGuardMiddleware`);
/// - `forms`: the operator's forms (page headers, CSRF, then the guard).
struct ConsoleRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    /// The route groups a console page is added to.
    struct Groups {
        let pages: RouterGroup<GatehouseRequestContext>
        let forms: RouterGroup<GatehouseRequestContext>
    }

    func add(to router: Router<GatehouseRequestContext>) {
        guard service.configuration.adminConsole == .on else { return }
        let console = ConsoleContext(service: service)
        let csrf = WebFormCSRFMiddleware(security: console.security, externalURL: service.configuration.externalURL)
        let guardian = ConsoleGuardMiddleware(console: console)
        let headers = PageSecurityHeadersMiddleware()
        let routes = Groups(pages: router.with(headers, guardian), forms: router.with(headers, csrf, guardian))

        // Signing in and out.
        let login = ConsoleLoginPage(console: console)
        let factor = ConsoleFactorPage(console: console)
        let signOut = ConsoleSignOut(console: console)
        let token = RateLimitMiddleware(limits.token, .page)
        let verify = RateLimitMiddleware(limits.verify, .page)
        console.signInPage("admin/login", on: router.with(headers)) { try await login.show($0, $1, &$2) }
        console.signInForm("admin/login", on: router.with(headers, token, csrf), rejected: { login.expired($0, $1, $2, &$3) }) {
            try await login.submit($0, $1, $2, &$3)
        }
        console.signInPage("admin/login/factor", on: router.with(headers)) { try await factor.show($0, $1, &$2) }
        console.signInForm("admin/login/factor", on: router.with(headers, verify, csrf), rejected: { factor.expired($0, $1, $2, &$3) }) {
            try await factor.submit($0, $1, $2, &$3)
        }
        console.signInForm("admin/logout", on: router.with(headers, csrf), rejected: { signOut.expired($0, $1, $2, &$3) }) {
            try await signOut.submit($0, $1, $2, &$3)
        }

        // The operator's pages: one line each (docs/CONSOLE.md).
        let overview = ConsoleOverviewPage(console: console)
        console.page("admin", on: routes.pages) { try await overview.show($0, $1, $2, &$3) }
        let events = ConsoleEventsPage(console: console)
        console.page("admin/events", on: routes.pages) { try await events.show($0, $1, $2, &$3) }
        let accounts = ConsoleAccountsPage(console: console)
        console.page("admin/accounts", on: routes.pages) { try await accounts.list($0, $1, $2, &$3) }
        console.page("admin/accounts/:id", on: routes.pages) { try await accounts.show($0, $1, $2, &$3) }
        console.page("admin/accounts/:id/:action", on: routes.pages) { try await accounts.confirm($0, $1, $2, &$3) }
        console.form("admin/accounts/:id/:action", on: routes.forms) { try await accounts.submit($0, $1, $2, $3, &$4) }
        // Mail: the outbox at /admin/mail/outbox (/admin/mail is the admin API's JSON status).
        let mail = ConsoleMailPage(console: console)
        let retry = ConsoleMailRetryPage(console: console)
        let test = ConsoleMailTestPage(console: console)
        console.page("admin/mail/outbox", on: routes.pages) { try await mail.show($0, $1, $2, &$3) }
        console.page("admin/mail/:id/retry", on: routes.pages) { try await retry.show($0, $1, $2, &$3) }
        console.form("admin/mail/:id/retry", on: routes.forms) { try await retry.submit($0, $1, $2, $3, &$4) }
        console.page("admin/mail/test", on: routes.pages) { try await test.show($0, $1, $2, &$3) }
        console.form("admin/mail/test", on: routes.forms) { try await test.submit($0, $1, $2, $3, &$4) }
    }
}
