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

/// `GET /authorize?provider=…&redirect_to=…[&scopes=…][&code_challenge=…&code_challenge_method=s256]`:
/// GoTrue's start of a sign-in with a provider. A 302 to the provider's authorization endpoint,
/// with the browser's binding cookie (`OAuthBrowserCookie`) the callback must see again. An
/// unknown or disabled provider is 400 `validation_failed`, as GoTrue answers; a `redirect_to`
/// the redirect policy refuses is replaced by the site URL.
struct AuthorizeEndpoint {
    let flows: OAuthFlows
    let cookie: OAuthBrowserCookie

    init(service: GatehouseServices) {
        flows = OAuthFlows(service.environment, federation: service.federation)
        cookie = OAuthBrowserCookie(externalURL: service.configuration.externalURL)
    }

    func authorize(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let started = try await flows.start(try Self.start(request, target: .app), browser: cookie.binding(in: request))
        return cookie.redirect(to: started)
    }

    /// Query parameters that are `/authorize`'s own, never passed on to the provider.
    static let ownParameters: Set<String> = [
        "provider", "scopes", "redirect_to", "code_challenge", "code_challenge_method", "skip_http_redirect", "invite_token",
    ]
    static let maximumExtraParameters = 16

    /// The flow a query asks for (GoTrue's `/authorize` and `/user/identities/authorize` read the
    /// same parameters). The app's other parameters go on to the provider (`prompt`,
    /// `login_hint`, …), except the ones the flow sets itself.
    static func start(_ request: Request, target: OAuthFlowTarget) throws(AuthError) -> OAuthFlows.Start {
        let query = request.uri.queryParameters
        let pkce = try PKCEChallenge.parse(challenge: query.get("code_challenge"), method: query.get("code_challenge_method"))
        var extra: [(String, String)] = []
        for (key, value) in query {
            let name = String(key)
            guard !ownParameters.contains(name), !OAuthAuthorizationRequest.reservedParameters.contains(name.lowercased()),
                name.utf8.count <= 64, value.utf8.count <= 1024, !extra.contains(where: { $0.0 == name })
            else { continue }
            extra.append((name, String(value)))
            if extra.count == maximumExtraParameters { break }
        }
        return OAuthFlows.Start(
            provider: query.get("provider"), scopes: query.get("scopes"), redirectTo: query.get("redirect_to"), pkce: pkce,
            target: target, extraParameters: extra)
    }
}

/// The cookie that binds a flow's state to the browser that started it: a random value, of which
/// the flow keeps a digest. `HttpOnly`, ten minutes, `Path=/` (the callback is mounted at the root
/// and under `/auth/v1`). Over https it is `__Host-…; Secure; SameSite=None`, so it comes back with
/// Apple's cross-site form post; over http (development) `SameSite=Lax`, which browsers send
/// with the providers' top-level GET redirects.
struct OAuthBrowserCookie: Sendable {
    let name: String
    let secure: Bool

    init(externalURL: String) {
        secure = externalURL.lowercased().hasPrefix("https://")
        name = (secure ? "__Host-" : "") + "gatehouse_oauth"
    }

    func binding(in request: Request) -> String? {
        request.cookies[name]?.value
    }

    var lifetime: Int { Int(OAuthFlows.lifetime) }

    func cookie(_ binding: String) -> Cookie {
        Cookie(
            name: name, value: binding, maxAge: lifetime, path: "/", secure: secure, httpOnly: true, sameSite: secure ? .none : .lax)
    }

    /// GoTrue's 302 to the provider, setting the binding.
    func redirect(to started: OAuthFlows.Started) -> Response {
        var response = Response(
            status: .found,
            headers: [.location: started.authorizationURL, .cacheControl: "no-store", .referrerPolicy: "no-referrer"])
        response.setCookie(cookie(started.browserBinding))
        return response
    }
}
