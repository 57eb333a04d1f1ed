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

/// The account page's "Sign-in providers" section: the services linked to the account (provider
/// and the address it shared), each with an "Unlink" button, and a "Link <provider>" button for
/// each enabled provider not linked yet. Linking runs the web redirect flow for the page's
/// account and comes back to `/account?linked=…#identities` (or `?provider_error=…`); unlinking is
/// `FederationService.unlink`, which never removes the account's last way in.
struct AccountIdentitiesSection {
    let web: WebContext
    let account: AccountPage
    let flows: OAuthFlows
    let cookie: OAuthBrowserCookie

    init(web: WebContext, account: AccountPage) {
        self.web = web
        self.account = account
        flows = OAuthFlows(web.service.environment, federation: web.service.federation)
        cookie = OAuthBrowserCookie(externalURL: web.service.configuration.externalURL)
    }

    struct State {
        var error: String?
        var notice: String?

        init(error: String? = nil, notice: String? = nil) {
            self.error = error
            self.notice = notice
        }

        /// What the flow's return to `/account` says (`?linked=` or `?provider_error=`); only
        /// fixed texts naming an enabled provider, never words from the address bar.
        init(_ request: Request, providers: ExternalProviders) {
            let query = request.uri.queryParameters
            if let linked = query.get("linked").flatMap(providers.provider(named:)) {
                notice = ProviderButtonsText.linked(linked.displayName)
            } else if let reason = query.get("provider_error"), !reason.isEmpty {
                let displayName = query.get("provider").flatMap(providers.provider(named:))?.displayName ?? "that service"
                error = ProviderButtonsText.linkRefusal(reason, provider: displayName)
            }
        }
    }

    static func linkedLocation(provider: String) -> String {
        "/account?" + OAuthFormEncoding.encode([("linked", provider)]) + "#identities"
    }

    static func refusalLocation(provider: String, reason: String) -> String {
        "/account?" + OAuthFormEncoding.encode([("provider", provider), ("provider_error", reason)]) + "#identities"
    }

    /// `GET /account/identities/link/{name}`: to the provider, for this page's account.
    func link(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let state) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(state, on: &exchange)
        let name = context.parameters.get("name") ?? ""
        guard web.service.configuration.external.linking != .never else {
            return .redirect(Self.refusalLocation(provider: name, reason: AuthErrorCode.manualLinkingDisabled.rawValue))
        }
        if try await context.requestBudget.spend() != nil {
            return .redirect(Self.refusalLocation(provider: name, reason: AuthErrorCode.overRequestRateLimit.rawValue))
        }
        do {
            let started = try await flows.start(
                OAuthFlows.Start(provider: name, target: .webLink(caller.user.id)), browser: cookie.binding(in: request))
            exchange.cookies.append(cookie.cookie(started.browserBinding))
            return .redirect(started.authorizationURL)
        } catch {
            if error.kind == .internalFailure { throw error }
            return .redirect(Self.refusalLocation(provider: name, reason: error.code.rawValue))
        }
    }

    /// `POST /account/identities/remove` (`identity`): unlinks one, or says why not.
    func remove(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let cookie) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(cookie, on: &exchange)
        let federation = web.service.federation
        let linked = try await federation.identities(of: caller.user.id)
        guard let id = UUID(parsing: form["identity"]), let identity = linked.first(where: { $0.id == id }) else {
            return try await render(caller, State(error: ProviderButtonsText.identityGone), .notFound)
        }
        let displayName = Self.displayName(of: identity.provider, web.service.configuration.external)
        do throws(AuthError) {
            _ = try await federation.unlink(identityId: id, from: caller.user.id)
        } catch {
            if error.status.code >= 500 { throw error }
            let text: String
            switch error.code {
            case .singleIdentityNotDeletable: text = ProviderButtonsText.lastWayIn(displayName)
            case .identityNotFound: text = ProviderButtonsText.identityGone
            default: text = WebContext.text(for: error)
            }
            return try await render(caller, State(error: text), WebContext.status(for: error))
        }
        return try await render(web.reload(caller), State(notice: ProviderButtonsText.unlinked(displayName)))
    }

    private func render(_ caller: Authenticated, _ state: State, _ status: HTTPResponse.Status = .ok) async throws -> WebOutcome {
        .page(try await account.page(caller, AccountPage.State(status: status, identities: state)))
    }

    /// The section's values for the account template (`account_identities` partial).
    static func values(for user: UserRecord, _ state: State, web: WebContext) async throws -> [String: Any] {
        let providers = web.service.configuration.external
        let linked = try await web.service.federation.identities(of: user.id)
        let items: [[String: Any]] = linked.map { identity in
            [
                "id": identity.id.lowercasedString, "provider": identity.provider,
                "providerName": displayName(of: identity.provider, providers), "email": identity.email ?? ProviderButtonsText.noAddress,
            ]
        }
        let linkable: [[String: Any]] =
            providers.linking == .never
            ? []
            : providers.providers.filter { provider in !linked.contains { $0.provider == provider.name } }.map { provider in
                [
                    "label": ProviderButtonsText.link(provider.displayName),
                    "href": "/account/identities/link/" + OAuthFormEncoding.escape(provider.name),
                ]
            }
        var values: [String: Any] = [
            "identitiesShown": !providers.providers.isEmpty || !linked.isEmpty, "identitiesTitle": ProviderButtonsText.identitiesTitle,
            "identitiesExplanation": ProviderButtonsText.identitiesExplanation, "identitiesNone": ProviderButtonsText.identitiesNone,
            "identitiesHasAny": !linked.isEmpty, "identityItems": items, "identityLinks": linkable, "identitiesCanLink": !linkable.isEmpty,
            "unlink": ProviderButtonsText.unlink, "unlinking": ProviderButtonsText.unlinking,
        ]
        if let error = state.error { values["identitiesError"] = error }
        if let notice = state.notice { values["identitiesNotice"] = notice }
        return values
    }

    /// What the pages call a provider: its display name while enabled, else its wire name.
    static func displayName(of provider: String, _ providers: ExternalProviders) -> String {
        providers.provider(named: provider)?.displayName ?? provider
    }
}
