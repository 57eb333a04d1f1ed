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

/// Every route of the server's own web pages, with its middleware, in one list: `/` (welcome),
/// `/login` (and its code step, `SecondFactorWebRoutes`), `/signup`, `/forgot-password`, `/reset-password`, `/account`, their assets under
/// `/assets/`, and in development with the dev-mailbox transport `/_dev/mail`.
///
/// Plain HTML forms that work without JavaScript (validated on the server with GatehouseCore's
/// rules and texts), enhanced by one script served from here; CSRF tokens on every form (checked
/// with the Origin by `WebFormCSRFMiddleware`, declared on each form route, before the handler
/// runs); a sealed `HttpOnly; SameSite=Lax` sign-in cookie; a strict Content-Security-Policy and
/// the other page headers (`PageSecurityHeadersMiddleware`, on every page and form route); the
/// cookie session resolved by `WebSignInMiddleware` on the pages that depend on it. A
/// form's rate limit is declared here (`RateLimitMiddleware(…, .page)`); the page spends it once
/// the form is valid and answers a limit with its own form.
struct WebRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    func add(to router: Router<GatehouseRequestContext>) {
        let configuration = service.configuration
        let web = WebContext(service: service)
        let otp = RateLimitMiddleware(limits.otp, .page)
        let token = RateLimitMiddleware(limits.token, .page)
        let verify = RateLimitMiddleware(limits.verify, .page)
        let csrf = WebFormCSRFMiddleware(security: web.security, externalURL: configuration.externalURL)
        // Pages and forms (not the assets, nor the dev mailbox's JSON): the page security headers.
        let pages = router.with(PageSecurityHeadersMiddleware())
        // Pages that depend on who is signed in: the cookie session, resolved last before the handler.
        let signedIn = WebSignInMiddleware(web: web)
        let welcome = WelcomePage(web: web)
        let login = LoginPage(web: web)
        let signUp = SignUpPage(web: web)
        let forgot = ForgotPasswordPage(web: web)
        let reset = ResetPasswordPage(web: web)
        let account = AccountPage(web: web)
        let accountMFA = AccountMFASection(web: web, account: account)
        let assets = AssetsEndpoint()

        router.get("assets/:name") { try await assets.serve($0, context: $1) }
        web.page("/", on: pages.with(signedIn)) { try await welcome.show($0, $1, &$2) }

        web.page("login", on: pages.with(signedIn)) { try await login.show($0, $1, &$2) }
        web.form("login", on: pages.with(token, csrf), rejected: { login.expired($0, $1, $2, &$3) }) {
            try await login.submit($0, $1, $2, &$3)
        }

        web.page("signup", on: pages.with(signedIn)) { try await signUp.show($0, $1, &$2) }
        web.form("signup/create", on: pages.with(otp, csrf), rejected: { signUp.createExpired($0, $1, $2, &$3) }) {
            try await signUp.create($0, $1, $2, &$3)
        }
        web.form("signup/resend", on: pages.with(otp, csrf), rejected: { signUp.resendExpired($0, $1, $2, &$3) }) {
            try await signUp.resend($0, $1, $2, &$3)
        }
        // The email's code, typed on "Check Your Email": the verify limit, as `POST /verify`.
        let signUpCode = SignUpCodeForm(web: web, signUp: signUp)
        web.form("signup/code", on: pages.with(verify, csrf), rejected: { signUpCode.expired($0, $1, $2, &$3) }) {
            try await signUpCode.submit($0, $1, $2, &$3)
        }

        web.page("forgot-password", on: pages) { forgot.show($0, $1, &$2) }
        web.form("forgot-password", on: pages.with(otp, csrf), rejected: { forgot.expired($0, $1, $2, &$3) }) {
            try await forgot.submit($0, $1, $2, &$3)
        }

        web.page("reset-password", on: pages) { try await reset.show($0, $1, &$2) }
        web.form("reset-password", on: pages.with(verify, csrf), rejected: { reset.expired($0, $1, $2, &$3) }) {
            try await reset.submit($0, $1, $2, &$3)
        }

        // Firebase's action URL (the links of `sendOobCode`): a reset or an address verification.
        let firebaseAction = FirebaseActionPage(web: web)
        web.page("__/auth/action", on: pages) { try await firebaseAction.show($0, $1, &$2) }
        web.form("__/auth/action", on: pages.with(verify, csrf), rejected: { firebaseAction.expired($0, $1, $2, &$3) }) {
            try await firebaseAction.submit($0, $1, $2, &$3)
        }

        web.page("account", on: pages.with(signedIn)) { try await account.show($0, $1, &$2) }
        web.form("account/sign-out", on: pages.with(csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await account.signOut($0, $1, $2, &$3)
        }
        web.form("account/password", on: pages.with(otp, csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await account.submitPassword($0, $1, $2, &$3)
        }

        web.form("account/mfa/enroll", on: pages.with(otp, csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await accountMFA.enroll($0, $1, $2, &$3)
        }
        web.form("account/mfa/confirm", on: pages.with(verify, csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await accountMFA.confirm($0, $1, $2, &$3)
        }
        web.form("account/mfa/remove", on: pages.with(csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await accountMFA.remove($0, $1, $2, &$3)
        }
        let accountEmail = AccountEmailForm(web: web, account: account)
        web.form("account/email", on: pages.with(otp, csrf, signedIn), rejected: { try await account.expired($0, $1, $2, &$3) }) {
            try await accountEmail.submit($0, $1, $2, &$3)
        }

        // A form's address opened as a page (a bookmark, a reload after posting) goes back to its page.
        for (path, page) in [
            ("signup/create", "/signup"), ("signup/resend", "/signup"), ("signup/code", "/signup"), ("account/sign-out", "/account"),
            ("account/password", "/account"), ("account/mfa/enroll", "/account"), ("account/mfa/confirm", "/account"),
            ("account/mfa/remove", "/account"), ("account/email", "/account"),
        ] {
            web.page(RouterPath(path), on: pages) { _, _, _ in .redirect(page) }
        }

        // The sign-in's code step and the account page's step-up (an account with an authenticator app).
        SecondFactorWebRoutes(web: web, account: account).add(to: pages, limits: limits, signedIn: signedIn)

        // Passkeys: the login page's sign-in and the account page's section.
        PasskeyWebRoutes(web: web, login: login, account: account).add(to: pages, limits: limits, signedIn: signedIn)

        // Signing in with a provider: the pages' buttons, the account page's identities.
        ProviderButtonsRoutes(web: web, account: account).add(to: pages, limits: limits, signedIn: signedIn)

        if configuration.servesDevMailbox {
            let mailbox = DevMailboxPage(web: web)
            router.get("_dev/mail/api/messages") { try await mailbox.listMessages($0, context: $1) }
            router.get("_dev/mail/api/messages/:id") { try await mailbox.showMessage($0, context: $1) }
            router.delete("_dev/mail/api/messages") { try await mailbox.deleteMessages($0, context: $1) }
            web.page("_dev/mail", on: pages) { try await mailbox.show($0, $1, &$2) }
        }
    }
}
