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

/// `GET /callback?code=…&state=…` and `POST /callback` (Apple's `response_mode=form_post`, whose
/// body may carry the person's name as `user`): the provider's answer to `/authorize`.
///
/// Answers as GoTrue does: a 302 to the app's `redirect_to` with the session in the fragment
/// (`access_token`, `expires_at`, `expires_in`, `provider_token`, `refresh_token`, `token_type`)
/// or, when the app sent a `code_challenge`, with `?code=` for `/token?grant_type=pkce`; a failure
/// of a known flow goes there too, as `?error=…&error_code=…&error_description=…` (and the same in
/// the fragment); a state that cannot be used is a 303 to the site URL with the error in the query.
/// A flow started by a page's button signs this browser in (the sign-in cookie, or the code step
/// of an account with an authenticator app) and tells its failures on the login page.
struct CallbackEndpoint {
    let flows: OAuthFlows
    let cookie: OAuthBrowserCookie
    let web: WebContext
    let siteURL: String

    init(service: GatehouseServices) {
        flows = OAuthFlows(service.environment, federation: service.federation)
        cookie = OAuthBrowserCookie(externalURL: service.configuration.externalURL)
        web = WebContext(service: service)
        siteURL = service.configuration.siteURL
    }

    static let formLimit = 64 * 1024

    func callback(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let fields = try await Self.fields(of: request)
        let callback = OAuthCallback(
            state: fields["state"], code: fields["code"], error: fields["error"], errorDescription: fields["error_description"],
            user: fields["user"])
        switch await flows.finish(callback, browser: cookie.binding(in: request), client: context.client) {
        case .session(let issued, let tokens, let target):
            var items = [
                ("access_token", issued.accessToken), ("expires_at", String(issued.expiresAt)), ("expires_in", String(issued.expiresIn)),
            ]
            if let refresh = tokens.refreshToken { items.append(("provider_refresh_token", refresh)) }
            items += [
                ("provider_token", tokens.accessToken ?? ""), ("refresh_token", issued.refreshToken), ("sb", ""), ("token_type", "bearer"),
            ]
            return Self.redirect(.found, to: GoTrueLinkRedirect.appending(fragment: items, to: target))
        case .authorizationCode(let code, let target):
            return Self.redirect(.found, to: GoTrueLinkRedirect.appending(query: [("code", code)], to: target))
        case .webSession(let issued):
            var exchange = web.exchange(for: request)
            let outcome = web.finishPasswordSignIn(issued, remember: false, exchange: &exchange)
            return web.renderer.response(outcome, exchange: exchange)
        case .badState(let error):
            return Self.redirect(.seeOther, to: GoTrueLinkRedirect.appending(query: Self.errorItems(.service(error)), to: siteURL))
        case .refused(let refusal, .app(let target)):
            let items = Self.errorItems(refusal)
            let withQuery = GoTrueLinkRedirect.appending(query: items, to: target)
            return Self.redirect(.found, to: GoTrueLinkRedirect.appending(fragment: items + [("sb", "")], to: withQuery))
        case .webLinked(let provider):
            return Self.redirect(.seeOther, to: AccountIdentitiesSection.linkedLocation(provider: provider))
        case .refused(let refusal, .web(let provider)):
            return Self.redirect(.seeOther, to: ProviderButtons.refusalLocation(provider: provider, reason: Self.reason(refusal)))
        case .refused(let refusal, .webAccount(let provider)):
            return Self.redirect(.seeOther, to: AccountIdentitiesSection.refusalLocation(provider: provider, reason: Self.reason(refusal)))
        }
    }

    /// What a page is told of a refusal: the provider's OAuth error, or our error code.
    static func reason(_ refusal: OAuthRefusal) -> String {
        switch refusal {
        case .provider(let error, _): error
        case .service(let error): error.code.rawValue
        }
    }

    /// GoTrue's error parameters: `error` (an OAuth error name), `error_code`, `error_description`.
    static func errorItems(_ refusal: OAuthRefusal) -> [(String, String)] {
        switch refusal {
        case .provider(let error, let description):
            return [("error", error), ("error_description", description)]
        case .service(let error):
            return [
                ("error", oauthErrorName(error)), ("error_code", error.code.rawValue),
                ("error_description", AuthErrorWording.text(for: error)),
            ]
        }
    }

    /// GoTrue's mapping: a refused sign-up or account is `access_denied`, otherwise by status.
    static func oauthErrorName(_ error: AuthError) -> String {
        switch error.code {
        case .signupDisabled, .userBanned, .providerEmailNeedsVerification, .emailExists: return "access_denied"
        default: break
        }
        switch error.status {
        case .badRequest: return "invalid_request"
        case .unauthorized: return "unauthorized_client"
        case .forbidden: return "access_denied"
        case .serviceUnavailable: return "temporarily_unavailable"
        default: return "server_error"
        }
    }

    static func redirect(_ status: HTTPResponse.Status, to location: String) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store", .referrerPolicy: "no-referrer"])
    }

    /// The callback's parameters: Apple's form post body, otherwise the query.
    static func fields(of request: Request) async throws -> [String: String] {
        if request.method == .post,
            request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        {
            guard let buffer = try? await request.body.collect(upTo: formLimit),
                let fields = try? URLEncodedFormDecoder().decode([String: String].self, from: String(buffer: buffer))
            else { throw AuthError(.badOAuthCallback, kind: .invalidRequest, "OAuth callback with an unreadable form") }
            return fields
        }
        // As a form: providers write spaces as `+` (`error_description=The+user+denied`).
        if let query = request.uri.query, let fields = try? URLEncodedFormDecoder().decode([String: String].self, from: query) {
            return fields
        }
        var fields: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where fields[String(key)] == nil { fields[String(key)] = String(value) }
        return fields
    }
}
