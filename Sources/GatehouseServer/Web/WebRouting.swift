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

/// One page request as the handlers see it: whether the pages' script sent it, the browser's
/// CSRF nonce and the token forms carry, and the cookies the answer sets.
struct WebExchange {
    let isFetch: Bool
    private(set) var csrfNonce: String
    private(set) var csrfToken: String
    /// The signed-in session the forms' token is bound to ("" when signed out).
    private(set) var csrfSession: String = ""
    var cookies: [Cookie] = []

    init(isFetch: Bool, csrfNonce: String, csrfToken: String, csrfSession: String = "") {
        self.isFetch = isFetch
        self.csrfNonce = csrfNonce
        self.csrfToken = csrfToken
        self.csrfSession = csrfSession
    }

    /// A new nonce (at sign-in and sign-out, so a nonce planted before sign-in is worthless after).
    mutating func rotateCSRF(_ security: WebSecurity) {
        csrfNonce = WebSecurity.newNonce()
        csrfToken = security.csrfToken(nonce: csrfNonce, session: csrfSession)
        cookies.append(security.cookie(name: security.csrfCookieName, value: csrfNonce))
    }

    /// Binds the forms' token to the session the answer signs the browser into ("" for out).
    mutating func bindCSRF(toSession session: String, _ security: WebSecurity) {
        csrfSession = session
        csrfToken = security.csrfToken(nonce: csrfNonce, session: session)
    }
}

/// A posted form: its fields (`application/x-www-form-urlencoded`, at most 64 KiB).
struct WebForm: Sendable {
    var fields: [String: String]

    subscript(_ name: String) -> String { fields[name] ?? "" }
    func isChecked(_ name: String) -> Bool { !(fields[name] ?? "").isEmpty }
}

/// What every web route shares, and the two ways routes are added: `page` for GETs and `form`
/// for POSTs (whose CSRF token and Origin `WebFormCSRFMiddleware` checked before the handler). Handlers
/// never let an error reach the API's JSON error middleware: anything unexpected becomes the
/// server-error page (for the script, a 500 it turns into the specs' "Server error" text).
struct WebContext: Sendable {
    let service: GatehouseServices
    let renderer: PageRenderer
    let security: WebSecurity

    /// The pages' renderer and security, as the configuration sets them.
    init(service: GatehouseServices) {
        let configuration = service.configuration
        self.service = service
        renderer = PageRenderer(product: configuration.mail.productName, passwordPolicy: configuration.passwordPolicy)
        security = WebSecurity(jwtSecret: configuration.jwtSecret, externalURL: configuration.externalURL)
    }

    typealias PageHandler = @Sendable (Request, GatehouseRequestContext, inout WebExchange) async throws -> WebOutcome
    typealias FormHandler = @Sendable (Request, GatehouseRequestContext, WebForm, inout WebExchange) async throws -> WebOutcome
    /// The page a form with a missing or wrong CSRF token gets back (the same form, with a fresh token).
    typealias RejectedHandler = @Sendable (Request, GatehouseRequestContext, WebForm, inout WebExchange) async throws -> WebOutcome

    func page(_ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, _ handler: @escaping PageHandler) {
        routes.get(path) { request, context in
            var exchange = self.exchange(for: request)
            return await respond(request, context, &exchange) { exchange in try await handler(request, context, &exchange) }
        }
    }

    /// A form route: `routes` must carry `WebFormCSRFMiddleware` (declared in `WebRoutes`), whose
    /// verdict picks the handler; without it every post is refused.
    func form(
        _ path: RouterPath, on routes: some RouterMethods<GatehouseRequestContext>, rejected: @escaping RejectedHandler,
        _ handler: @escaping FormHandler
    ) {
        routes.post(path) { request, context in
            var exchange = self.exchange(for: request)
            let submission = context.webForm ?? .unchecked
            return await respond(request, context, &exchange) { exchange in
                guard submission.isGenuine else { return try await rejected(request, context, submission.form, &exchange) }
                return try await handler(request, context, submission.form, &exchange)
            }
        }
    }

    private func respond(
        _ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange,
        _ body: (inout WebExchange) async throws -> WebOutcome
    ) async -> Response {
        do {
            return renderer.response(try await body(&exchange), exchange: exchange)
        } catch {
            context.logger.error(
                "Web page failed",
                metadata: [
                    "path": "\(request.uri.path)", "error": "\(String(reflecting: type(of: error)))",
                ])
            return renderer.response(.page(serverErrorPage(back: request.uri.path)), exchange: exchange)
        }
    }

    func serverErrorPage(back: String) -> WebPage {
        WebPage(
            template: "server_error", title: "Server error",
            values: [
                "message": UserFacingText.serverError, "retry": UserFacingText.Login.retry,
                "back": back.hasPrefix("/") && !back.hasPrefix("//") ? back : "/",
            ], status: .internalServerError)
    }

    /// The exchange for `request`: its CSRF nonce, or a new one set as a cookie.
    func exchange(for request: Request) -> WebExchange {
        let isFetch = request.headers[HTTPField.Name("X-Gatehouse-Fetch")!] != nil
        let session = security.csrfBinding(signInCookie: request.cookies[security.sessionCookieName]?.value)
        if let nonce = request.cookies[security.csrfCookieName]?.value, WebSecurity.isWellFormedNonce(nonce) {
            return WebExchange(
                isFetch: isFetch, csrfNonce: nonce, csrfToken: security.csrfToken(nonce: nonce, session: session), csrfSession: session)
        }
        let nonce = WebSecurity.newNonce()
        var exchange = WebExchange(
            isFetch: isFetch, csrfNonce: nonce, csrfToken: security.csrfToken(nonce: nonce, session: session), csrfSession: session
        )
        exchange.cookies.append(security.cookie(name: security.csrfCookieName, value: nonce))
        return exchange
    }

    // MARK: Shared page values

    /// The answer to a request that hit a rate limit or a failure: the text people read.
    static func text(for error: AuthError) -> String {
        switch error.code {
        case .invalidCredentials: UserFacingText.invalidCredentials
        case .emailNotConfirmed: UserFacingText.emailNotConfirmed
        case .userBanned: UserFacingText.accountDisabled
        case .signupDisabled: UserFacingText.signupDisabled
        case .userAlreadyExists, .emailExists: UserFacingText.accountAlreadyExists
        case .samePassword: UserFacingText.samePassword
        case .insufficientAAL: UserFacingText.MFA.needsSecondFactor
        default: error.status.code >= 500 ? UserFacingText.serverError : UserFacingText.invalidRequest
        }
    }

    /// The status of a page that tells `error`: the API's, except that the assurance gate (401,
    /// 403 or 422 depending on the GoTrue endpoint) is always 403 on a page (a 401 would ask the
    /// browser for credentials the page does not take).
    static func status(for error: AuthError) -> HTTPResponse.Status {
        error.code == .insufficientAAL ? .forbidden : error.status
    }
}
