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
import Hummingbird

/// The login and sign-up pages' "Continue with <provider>" buttons, one per enabled provider, and
/// where they lead: `GET /login/provider/{name}` starts the web redirect flow (`OAuthFlows`) for
/// this browser's cookie session and sends it to the provider; the callback signs it in (or, for
/// an account with an authenticator app, on to the code step) and lands on `/account`. A refusal
/// comes back to `/login?provider=…&provider_error=…`, told in the page's own words.
///
/// The buttons are links: they work without JavaScript and start nothing that a forged link
/// could abuse, since the flow's state is bound to the browser that follows the link.
struct ProviderButtons {
    let web: WebContext
    let flows: OAuthFlows
    let cookie: OAuthBrowserCookie

    init(web: WebContext) {
        self.web = web
        flows = OAuthFlows(web.service.environment, federation: web.service.federation)
        cookie = OAuthBrowserCookie(externalURL: web.service.configuration.externalURL)
    }

    /// `GET /login/provider/{name}`.
    func start(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        if case .signedIn = try web.signIn(context) { return .redirect("/account") }
        let name = context.parameters.get("name") ?? ""
        if try await context.requestBudget.spend() != nil {
            return .redirect(Self.refusalLocation(provider: name, reason: AuthErrorCode.overRequestRateLimit.rawValue))
        }
        let started: OAuthFlows.Started
        do {
            started = try await flows.start(
                OAuthFlows.Start(provider: name, target: .webSession), browser: cookie.binding(in: request))
        } catch {
            if error.kind == .internalFailure { throw error }
            return .redirect(Self.refusalLocation(provider: name, reason: error.code.rawValue))
        }
        exchange.cookies.append(cookie.cookie(started.browserBinding))
        return .redirect(started.authorizationURL)
    }

    /// The login page's address telling a refused provider sign-in.
    static func refusalLocation(provider: String, reason: String) -> String {
        "/login?" + OAuthFormEncoding.encode([("provider", provider), ("provider_error", reason)])
    }

    /// The buttons' values for a page's template (`provider_buttons` partial).
    static func values(_ providers: ExternalProviders) -> [String: Any] {
        let buttons: [[String: Any]] = providers.providers.map { provider in
            [
                "label": ProviderButtonsText.continueWith(provider.displayName),
                "href": "/login/provider/" + OAuthFormEncoding.escape(provider.name), "provider": provider.name,
            ]
        }
        return ["hasProviders": !buttons.isEmpty, "providerButtons": buttons, "providersDivider": ProviderButtonsText.divider]
    }

    /// The login page's summary for `?provider=…&provider_error=…`; nil without one. The
    /// provider is named only when it is one of the enabled providers.
    static func refusalText(_ query: Parameters, providers: ExternalProviders) -> String? {
        guard let reason = query.get("provider_error"), !reason.isEmpty else { return nil }
        let displayName = query.get("provider").flatMap(providers.provider(named:))?.displayName ?? "that service"
        return ProviderButtonsText.refusal(reason, provider: displayName)
    }
}
