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
import HTTPTypes
import Hummingbird

/// The web forms' guard, declared for every form route in `WebRoutes`: reads the posted form
/// (`application/x-www-form-urlencoded`, at most 64 KiB) and judges whether it is genuine (the
/// Origin check, then the CSRF token against the browser's nonce and signed-in session).
///
/// It does not answer a refused form itself: the page answers it with the same form and a fresh
/// token (`WebContext.form`'s `rejected` handler), so the verdict and the parsed form travel to
/// the handler in the request context (`context.webForm`), as `RateLimitMiddleware(…, .page)`
/// hands over `context.requestBudget`.
struct WebFormCSRFMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    let security: WebSecurity
    /// The configured external URL, whose origin is this server's.
    let externalURL: String

    static let formLimit = 64 * 1024

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let form = await Self.readForm(request)
        let genuine =
            isSameOrigin(request)
            && security.isValidCSRF(
                token: form.fields["csrf"], nonce: request.cookies[security.csrfCookieName]?.value,
                session: security.csrfBinding(signInCookie: request.cookies[security.sessionCookieName]?.value)
            )
        if !genuine {
            context.logger.notice("Web form refused: missing or invalid CSRF token", metadata: ["path": "\(request.uri.path)"])
        }
        var context = context
        context.webForm = WebFormSubmission(form: form, isGenuine: genuine)
        return try await next(request, context)
    }

    private static func readForm(_ request: Request) async -> WebForm {
        guard let buffer = try? await request.body.collect(upTo: formLimit),
            let fields = try? URLEncodedFormDecoder().decode([String: String].self, from: String(buffer: buffer))
        else { return WebForm(fields: [:]) }
        return WebForm(fields: fields)
    }

    /// Where browsers say where a post comes from, it must be this server. `Sec-Fetch-Site`
    /// (sent by current browsers, and not forgeable by a page) must be `same-origin` (or `none`,
    /// the person's own action); `same-site` (a sibling subdomain) and `cross-site` are refused.
    /// `Origin`, when it names an origin, must be this server (the configured external URL, or
    /// the host the request was addressed to). `Origin: null` (sandboxed frames, `data:` pages,
    /// redirects) is refused, except when `Sec-Fetch-Site: same-origin` vouches for the post:
    /// browsers send `null` for the pages' own posts under their `Referrer-Policy: no-referrer`.
    /// Without either header (older browsers) the token decides alone.
    private func isSameOrigin(_ request: Request) -> Bool {
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased()
        if let site, site != "same-origin", site != "none" { return false }
        guard let origin = request.headers[.origin]?.lowercased() else { return true }
        if origin == "null" { return site == "same-origin" }
        if origin == Self.origin(of: externalURL) { return true }
        guard let authority = request.head.authority?.lowercased() else { return false }
        return origin == "http://\(authority)" || origin == "https://\(authority)"
    }

    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port, port != defaultPort { return "\(scheme)://\(host):\(port)" }
        return "\(scheme)://\(host)"
    }
}

/// A posted form and `WebFormCSRFMiddleware`'s verdict on it.
struct WebFormSubmission: Sendable {
    var form: WebForm
    var isGenuine: Bool

    /// A form route without the middleware in front: nothing was checked, so nothing is trusted.
    static let unchecked = WebFormSubmission(form: WebForm(fields: [:]), isGenuine: false)
}
