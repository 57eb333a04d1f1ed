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
import HTTPTypes
import Hummingbird

/// What every console route shares, and the ways routes are added (see `docs/CONSOLE.md`):
/// `page` (GET) and `form` (POST) for the operator's pages behind `ConsoleGuardMiddleware`,
/// `signInPage` and `signInForm` for the sign-in steps before it.
///
/// The console reuses the web pages' machinery: `WebExchange` (CSRF nonce, token and cookies),
/// `WebFormCSRFMiddleware` (Origin and token), `WebForm`; with the console's own `WebSecurity`
/// (`init(consoleWithJWTSecret:)`: its own keys and cookies on `Path=/admin`), so nothing of the
/// public pages opens the console. Handlers never let an error out: anything unexpected is the
/// console's error page.
struct ConsoleContext: Sendable {
    let service: GatehouseServices
    let security: WebSecurity
    let renderer: ConsoleRenderer

    init(service: GatehouseServices) {
        let configuration = service.configuration
        self.service = service
        security = WebSecurity(consoleWithJWTSecret: configuration.jwtSecret, externalURL: configuration.externalURL)
        renderer = ConsoleRenderer(product: configuration.mail.productName)
    }

    typealias PageHandler = @Sendable (Request, GatehouseRequestContext, ConsoleOperator, inout WebExchange) async throws -> ConsoleOutcome
    typealias FormHandler =
        @Sendable (Request, GatehouseRequestContext, ConsoleOperator, WebForm, inout WebExchange) async throws -> ConsoleOutcome
    typealias SignInPageHandler = @Sendable (Request, GatehouseRequestContext, inout WebExchange) async throws -> ConsoleOutcome
    typealias SignInFormHandler = @Sendable (Request, GatehouseRequestContext, WebForm, inout WebExchange) async throws -> ConsoleOutcome

    /// An operator's page: `routes` must be `ConsoleRoutes`' `pages` group (the guard in front).
    func page(_ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, _ handler: @escaping PageHandler) {
        routes.get(path) { request, context in
            var exchange = self.exchange(for: request)
            guard let console = context.consoleOperator else { return renderer.response(.redirect("/admin/login"), exchange: exchange) }
            return await respond(request, context, console, &exchange) { exchange in
                try await handler(request, context, console, &exchange)
            }
        }
    }

    /// An operator's form: `routes` must be `ConsoleRoutes`' `forms` group (CSRF check, then the
    /// guard). A post without a genuine CSRF token gets the 403 "form expired" page; nothing runs.
    func form(_ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, _ handler: @escaping FormHandler) {
        routes.post(path) { request, context in
            var exchange = self.exchange(for: request)
            let submission = context.webForm ?? .unchecked
            guard let console = context.consoleOperator else { return renderer.response(.redirect("/admin/login"), exchange: exchange) }
            return await respond(request, context, console, &exchange) { exchange in
                guard submission.isGenuine else { return .page(renderer.formExpiredPage(back: request.uri.path)) }
                return try await handler(request, context, console, submission.form, &exchange)
            }
        }
    }

    /// A sign-in step's page (no operator yet).
    func signInPage(_ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, _ handler: @escaping SignInPageHandler) {
        routes.get(path) { request, context in
            var exchange = self.exchange(for: request)
            return await respond(request, context, nil, &exchange) { exchange in try await handler(request, context, &exchange) }
        }
    }

    /// A sign-in step's form: `routes` carries `WebFormCSRFMiddleware`; a forged post is refused.
    func signInForm(
        _ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, rejected: @escaping SignInFormHandler,
        _ handler: @escaping SignInFormHandler
    ) {
        routes.post(path) { request, context in
            var exchange = self.exchange(for: request)
            let submission = context.webForm ?? .unchecked
            return await respond(request, context, nil, &exchange) { exchange in
                guard submission.isGenuine else { return try await rejected(request, context, submission.form, &exchange) }
                return try await handler(request, context, submission.form, &exchange)
            }
        }
    }

    private func respond(
        _ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator?, _ exchange: inout WebExchange,
        _ body: (inout WebExchange) async throws -> ConsoleOutcome
    ) async -> Response {
        do {
            return renderer.response(try await body(&exchange), exchange: exchange, operator: console)
        } catch {
            context.logger.error(
                "Console page failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: type(of: error)))"])
            return renderer.response(.page(renderer.serverErrorPage()), exchange: exchange, operator: console)
        }
    }

    /// The exchange for `request`: the console's CSRF nonce, or a new one set as a cookie.
    func exchange(for request: Request) -> WebExchange {
        let session = security.csrfBinding(signInCookie: request.cookies[security.sessionCookieName]?.value)
        if let nonce = request.cookies[security.csrfCookieName]?.value, WebSecurity.isWellFormedNonce(nonce) {
            return WebExchange(
                isFetch: false, csrfNonce: nonce, csrfToken: security.csrfToken(nonce: nonce, session: session), csrfSession: session)
        }
        let nonce = WebSecurity.newNonce()
        var exchange = WebExchange(
            isFetch: false, csrfNonce: nonce, csrfToken: security.csrfToken(nonce: nonce, session: session), csrfSession: session)
        exchange.cookies.append(security.cookie(name: security.csrfCookieName, value: nonce))
        return exchange
    }
}
