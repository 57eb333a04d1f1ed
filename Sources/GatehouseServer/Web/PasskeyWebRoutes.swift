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
import Hummingbird
import NIOCore

/// The web pages' passkey routes, added to the pages' group by `WebRoutes`: the login
/// page's sign-in and the account page's "Passkeys" section. Every one is a CSRF-checked form
/// post (`WebFormCSRFMiddleware`); the two `…/options` routes answer the page's script with a
/// ceremony's options as JSON (`PasskeyWebAnswer.ceremony`), or with a page, as any form does.
struct PasskeyWebRoutes {
    let web: WebContext
    let login: LoginPage
    let account: AccountPage

    func add(to pages: RouterGroup<GatehouseRequestContext>, limits: RateLimits, signedIn: WebSignInMiddleware) {
        let csrf = WebFormCSRFMiddleware(security: web.security, externalURL: web.service.configuration.externalURL)
        let passkey = RateLimitMiddleware(limits.passkey, .page)
        let otp = RateLimitMiddleware(limits.otp, .page)
        let signInForm = LoginPasskeyForm(web: web, login: login)
        let section = AccountPasskeySection(web: web, account: account)

        ceremony("login/passkey/options", on: pages.with(passkey, csrf), rejected: { login.expired($0, $1, $2, &$3) }) {
            try await signInForm.options($0, $1, $2, &$3)
        }
        web.form("login/passkey", on: pages.with(csrf), rejected: { login.expired($0, $1, $2, &$3) }) {
            try await signInForm.submit($0, $1, $2, &$3)
        }

        let accountRejected: WebContext.RejectedHandler = { try await account.expired($0, $1, $2, &$3) }
        ceremony("account/passkeys/options", on: pages.with(otp, csrf, signedIn), rejected: accountRejected) {
            try await section.options($0, $1, $2, &$3)
        }
        web.form("account/passkeys/add", on: pages.with(csrf, signedIn), rejected: accountRejected) {
            try await section.add($0, $1, $2, &$3)
        }
        web.form("account/passkeys/rename", on: pages.with(csrf, signedIn), rejected: accountRejected) {
            try await section.rename($0, $1, $2, &$3)
        }
        web.form("account/passkeys/remove", on: pages.with(csrf, signedIn), rejected: accountRejected) {
            try await section.remove($0, $1, $2, &$3)
        }

        // A form's address opened as a page (a bookmark, a reload after posting) goes back to its page.
        for (path, page) in [
            ("login/passkey", "/login"), ("login/passkey/options", "/login"), ("account/passkeys/options", "/account"),
            ("account/passkeys/add", "/account"), ("account/passkeys/rename", "/account"), ("account/passkeys/remove", "/account"),
        ] {
            web.page(RouterPath(path), on: pages) { _, _, _ in .redirect(page) }
        }
    }

    typealias CeremonyHandler =
        @Sendable (Request, GatehouseRequestContext, WebForm, inout WebExchange) async throws -> PasskeyWebAnswer

    /// A form route whose answer may be JSON for the page's script (a ceremony's options): like
    /// `WebContext.form`, the CSRF middleware's verdict picks the handler or `rejected`, and
    /// anything unexpected is the server-error page.
    private func ceremony(
        _ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, rejected: @escaping WebContext.RejectedHandler,
        _ handler: @escaping CeremonyHandler
    ) {
        let web = self.web
        routes.post(path) { request, context in
            var exchange = web.exchange(for: request)
            let submission = context.webForm ?? .unchecked
            do {
                guard submission.isGenuine else {
                    return web.renderer.response(try await rejected(request, context, submission.form, &exchange), exchange: exchange)
                }
                switch try await handler(request, context, submission.form, &exchange) {
                case .outcome(let outcome): return web.renderer.response(outcome, exchange: exchange)
                case .ceremony(let start): return Self.json(start, exchange: exchange)
                }
            } catch {
                context.logger.error(
                    "Web page failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: type(of: error)))"])
                return web.renderer.response(.page(web.serverErrorPage(back: request.uri.path)), exchange: exchange)
            }
        }
    }

    /// `{"challenge_id": "…", "options": {…}}`: the options exactly as the API serves them.
    private static func json(_ start: PasskeyCeremonyStart, exchange: WebExchange) -> Response {
        // The id is a UUID (nothing to escape); the options are already JSON.
        var body = ByteBuffer(string: "{\"challenge_id\":\"\(start.challengeId)\",\"options\":")
        body.writeBytes(start.optionsJSON)
        body.writeString("}")
        var response = Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
        for cookie in exchange.cookies { response.setCookie(cookie) }
        return response
    }
}

/// What a ceremony's `…/options` route answers: the options for the script, or a page (a refusal
/// the person reads: signed out, the AAL gate, a limit) as any form answers.
enum PasskeyWebAnswer {
    case ceremony(PasskeyCeremonyStart)
    case outcome(WebOutcome)
}

/// A started ceremony as the pages need it: the challenge's id and the WebAuthn options (JSON).
struct PasskeyCeremonyStart: Sendable {
    var challengeId: String
    var optionsJSON: [UInt8]
}
