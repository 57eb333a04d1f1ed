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

/// Where an emailed link leaves the browser when it names one of this server's own pages (`/`,
/// `/login`, `/account`): the site URL of a server without an app of its own, or a link an app
/// points back at the account page. GoTrue answers with the session or the error in the URL
/// fragment, which a server-rendered page never sees: the person landed signed out, or on a page
/// that said nothing. So the link page's button, posted from this server's own page, signs the
/// browser in with the pages' cookie, and every landing names what happened in `?link=`, which
/// the pages read with or without script. Anyone else (an API client, another origin's page)
/// gets GoTrue's redirects unchanged.
struct WebLinkLanding: Sendable {
    let web: WebContext

    init(service: GatehouseServices) {
        web = WebContext(service: service)
    }

    /// What the landing page says (`?link=`).
    enum Mark: String, Sendable, CaseIterable {
        case invalid
        case alreadyConfirmed = "already-confirmed"
        case confirmed
        case invited
        case signedIn = "signed-in"
        case emailChangeHalf = "email-change-half"
        case emailChanged = "email-changed"

        init?(_ request: Request) {
            guard let value = request.uri.queryParameters.get("link") else { return nil }
            self.init(rawValue: value)
        }

        /// The words for the page; `email` is the signed-in browser's address, if any.
        func text(signedInAs email: String?) -> String {
            switch self {
            case .invalid: LinkLandingText.invalid
            case .alreadyConfirmed: LinkLandingText.alreadyConfirmed
            case .confirmed: LinkLandingText.confirmed
            case .invited: LinkLandingText.invited
            case .signedIn: LinkLandingText.signedIn
            case .emailChangeHalf: LinkLandingText.emailChangeHalf
            case .emailChanged: email.map(LinkLandingText.emailChanged(to:)) ?? LinkLandingText.emailChangeDone
            }
        }
    }

    /// The page `target` names when it is one of this server's own: `/`, `/login` or `/account`.
    func ownPage(_ target: String) -> String? {
        guard let base = RedirectURL(web.service.configuration.externalURL), base.pathSegments.allSatisfy(\.isEmpty),
            let url = RedirectURL(target), url.scheme == base.scheme, url.host == base.host, url.port == base.port
        else { return nil }
        switch url.pathSegments {
        case [""]: return "/"
        case ["login"]: return "/login"
        case ["account"]: return "/account"
        default: return nil
        }
    }

    /// Whether the browser says the post comes from this server's own page (the link page, whose
    /// `Referrer-Policy: no-referrer` makes current browsers send `Origin: null`, and
    /// `Sec-Fetch-Site: same-origin`). A client that says neither gets GoTrue's answer.
    func isFromOwnPage(_ request: Request) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() { return site == "same-origin" }
        guard let origin = request.headers[.origin]?.lowercased() else { return false }
        return origin == WebFormCSRFMiddleware.origin(of: web.service.configuration.externalURL)
    }

    /// A link opened (GET) that cannot be used: GoTrue's error fragment, for scripts that read
    /// it, on the page that will say so (`?link=`), for a page read without script.
    func errorLocation(_ target: String, _ mark: Mark) -> String {
        guard let page = ownPage(target) else { return GoTrueLinkRedirect.error(to: target) }
        return GoTrueLinkRedirect.error(to: Self.location(messagePage(page), mark))
    }

    /// A reset link (no app's PKCE flow) that names this server's own pages opens the reset page
    /// with its token, spending nothing: signed in by it, the person would land where no page
    /// sets a password without the old one.
    func resetPage(token: String, purpose: TokenPurpose, target: String) -> String? {
        guard purpose == .recovery, !token.hasPrefix(OneTimeTokenHasher.pkcePrefix), ownPage(target) != nil else { return nil }
        return "/reset-password?token=" + token.percentEncodedQueryValue
    }

    /// The button's answer for an own page, posted from this server's link page; nil for
    /// GoTrue's own redirect.
    func answer(_ outcome: LinkVerificationOutcome, request: Request) -> Response? {
        guard isFromOwnPage(request) else { return nil }
        switch outcome {
        case .signedIn(let issued, let type, let target):
            return ownPage(target).map { signIn(issued, on: $0, saying: Self.mark(after: type), request: request) }
        case .invalid(let target):
            return ownPage(target).map { Self.redirect(Self.location(messagePage($0), .invalid)) }
        case .authorizationCode:
            // The sign-up page's own confirmations land on `/login?code=` (`LoginPage`).
            return nil
        }
    }

    /// The same for the two links of an email change.
    func answer(_ outcome: EmailChangeLinkOutcome, request: Request) -> Response? {
        guard isFromOwnPage(request) else { return nil }
        switch outcome {
        case .awaitingOtherAddress(let target):
            return ownPage(target).map { Self.redirect(Self.location(messagePage($0), .emailChangeHalf)) }
        case .changed(let issued, let target):
            return ownPage(target).map { signIn(issued, on: $0, saying: .emailChanged, request: request) }
        case .invalid(let target):
            return ownPage(target).map { Self.redirect(Self.location(messagePage($0), .invalid)) }
        case .authorizationCode:
            return nil
        }
    }

    /// In with the pages' cookie (or on to the code step of an account with an authenticator
    /// app), then to the page the link named: the welcome page says what happened, the account
    /// page shows it.
    private func signIn(_ issued: IssuedSession, on page: String, saying mark: Mark, request: Request) -> Response {
        var exchange = web.exchange(for: request)
        var location = web.codeStepOrAccount(issued, exchange: &exchange)
        if location == "/account" { location = Self.location(page == "/login" ? "/account" : page, mark) }
        var response = web.renderer.response(.redirect(location), exchange: exchange)
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Where a message without a session is read: the login page for its own links, else the
    /// welcome page (the account page would send a signed-out browser on without it).
    private func messagePage(_ page: String) -> String { page == "/login" ? "/login" : "/" }

    static func location(_ page: String, _ mark: Mark) -> String { page + "?link=" + mark.rawValue }

    static func mark(after type: VerificationType) -> Mark {
        switch type {
        case .signup, .email: .confirmed
        case .invite: .invited
        case .magiclink, .recovery, .emailChange: .signedIn
        }
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .referrerPolicy: "no-referrer", .cacheControl: "no-store"])
    }
}

extension WebContext {
    /// `finishPasswordSignIn`'s cookies for a session a link or code started, and where it
    /// sends the browser: `/account`, or the code step.
    func codeStepOrAccount(_ issued: IssuedSession, exchange: inout WebExchange) -> String {
        switch finishPasswordSignIn(issued, remember: false, exchange: &exchange) {
        case .redirect(let location): location
        case .page: "/account"
        }
    }
}
