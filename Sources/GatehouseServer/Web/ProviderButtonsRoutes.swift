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

/// The pages' routes for signing in with a provider, added to the pages' group by `WebRoutes`:
/// the login and sign-up pages' "Continue with …" links (`GET /login/provider/{name}`), the
/// account page's "Link …" links (`GET /account/identities/link/{name}`) and its "Unlink" form
/// (`POST /account/identities/remove`, CSRF-checked). The provider's answer comes back to GoTrue's
/// `/callback`, which signs the browser in or links the identity. Starting a flow spends the
/// sign-in bucket, as `/authorize` does.
struct ProviderButtonsRoutes {
    let web: WebContext
    let account: AccountPage

    func add(to pages: RouterGroup<GatehouseRequestContext>, limits: RateLimits, signedIn: WebSignInMiddleware) {
        let csrf = WebFormCSRFMiddleware(security: web.security, externalURL: web.service.configuration.externalURL)
        let token = RateLimitMiddleware(limits.token, .page)
        let buttons = ProviderButtons(web: web)
        let section = AccountIdentitiesSection(web: web, account: account)

        web.page("login/provider/:name", on: pages.with(token, signedIn)) { try await buttons.start($0, $1, &$2) }
        web.page("account/identities/link/:name", on: pages.with(token, signedIn)) { try await section.link($0, $1, &$2) }
        web.form("account/identities/remove", on: pages.with(csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await section.remove($0, $1, $2, &$3)
        }
        // The form's address opened as a page (a bookmark, a reload after posting) goes back to the account page.
        web.page("account/identities/remove", on: pages) { _, _, _ in .redirect("/account") }
    }
}
