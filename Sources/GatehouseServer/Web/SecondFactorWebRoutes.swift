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

/// The pages' second-factor routes, added to the pages' group by `WebRoutes`: the sign-in's code
/// step (`/login/code`, its form and "Cancel sign-in") and the account page's step-up
/// (`/account/mfa/verify`). Every post is a CSRF-checked form; the code posts spend the `verify`
/// rate limit per address on top of the factor's own guess budget.
struct SecondFactorWebRoutes {
    let web: WebContext
    let account: AccountPage

    func add(to pages: RouterGroup<GatehouseRequestContext>, limits: RateLimits, signedIn: WebSignInMiddleware) {
        let csrf = WebFormCSRFMiddleware(security: web.security, externalURL: web.service.configuration.externalURL)
        let verify = RateLimitMiddleware(limits.verify, .page)
        let step = LoginCodePage(web: web)
        let stepUp = AccountStepUpForm(web: web, account: account)

        web.page("login/code", on: pages) { try await step.show($0, $1, &$2) }
        web.form("login/code", on: pages.with(verify, csrf), rejected: { try await step.expired($0, $1, $2, &$3) }) {
            try await step.submit($0, $1, $2, &$3)
        }
        web.form("login/code/cancel", on: pages.with(csrf), rejected: { try await step.expired($0, $1, $2, &$3) }) {
            try await step.cancel($0, $1, $2, &$3)
        }
        web.form("account/mfa/verify", on: pages.with(verify, csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await stepUp.submit($0, $1, $2, &$3)
        }

        // A form's address opened as a page (a bookmark, a reload after posting) goes back to its page.
        web.page("login/code/cancel", on: pages) { _, _, _ in .redirect("/login/code") }
        web.page("account/mfa/verify", on: pages) { _, _, _ in .redirect("/account") }
    }
}
