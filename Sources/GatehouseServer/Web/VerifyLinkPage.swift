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

/// The page an emailed link opens (`GET /verify?token=&type=&redirect_to=`): one button, whose
/// POST spends the token and redirects into the app as GoTrue's GET did. The token only ever
/// travels in the page's hidden fields and the POST body.
struct VerifyLinkPage: Sendable {
    let renderer: PageRenderer

    init(configuration: ServerConfiguration) {
        renderer = PageRenderer(product: configuration.mail.productName, passwordPolicy: configuration.passwordPolicy)
    }

    /// The page for a usable link. The POST is answered with a redirect to `target`, so the
    /// page's `form-action` must allow it (browsers apply it to the redirect of a form post).
    func response(token: String, type: VerificationType, purpose: TokenPurpose, redirectTo: String?, target: String) -> Response {
        let texts = Self.texts(for: type, purpose: purpose)
        var values: [String: Any] = [
            "heading": texts.heading, "explanation": texts.explanation, "continue": texts.button,
            "token": token, "type": type.rawValue,
        ]
        if let redirectTo { values["redirectTo"] = redirectTo }
        var page = WebPage(template: "verify_link", title: texts.heading, values: values)
        page.formActions = Self.formActionSource(for: target).map { [$0] } ?? []
        let exchange = WebExchange(isFetch: false, csrfNonce: "", csrfToken: "")
        // `/verify` is a GoTrue route, outside the web routes' `PageSecurityHeadersMiddleware`.
        var response = renderer.response(.page(page), exchange: exchange)
        PageSecurityHeadersMiddleware.apply(to: &response.headers)
        return response
    }

    /// The CSP source that allows a redirect to `target`: its origin, or its scheme for an app's
    /// own scheme (`myapp:`).
    static func formActionSource(for target: String) -> String? {
        guard let url = RedirectURL(target) else { return nil }
        guard RedirectURL.webSchemes.contains(url.scheme), let host = url.host else { return url.scheme + ":" }
        let defaultPort = url.scheme == "https" ? 443 : 80
        return url.port == nil || url.port == defaultPort ? "\(url.scheme)://\(host)" : "\(url.scheme)://\(host):\(url.port!)"
    }

    /// The page's words for a link of `type`; an email change's link to the current address asks
    /// that address to let the change happen, not to confirm a new address.
    static func texts(for type: VerificationType, purpose: TokenPurpose) -> (heading: String, explanation: String, button: String) {
        if purpose == .emailChangeCurrent {
            return (
                "Confirm the change of your email address",
                "Press the button to confirm, from your current address, that your account moves to the new one.",
                "Confirm the change"
            )
        }
        return switch type {
        case .signup: ("Confirm your email address", "Press the button to confirm your address and continue.", "Confirm and continue")
        case .recovery: ("Reset your password", "Press the button to continue to your password reset.", "Continue")
        case .invite: ("Accept your invitation", "Press the button to accept the invitation and continue.", "Accept and continue")
        case .magiclink: ("Sign In", "Press the button to sign in.", "Sign In")
        case .email: ("Confirm your email address", "Press the button to confirm your address and continue.", "Confirm and continue")
        case .emailChange: ("Confirm your new email address", "Press the button to confirm the change of address.", "Confirm the change")
        }
    }
}
