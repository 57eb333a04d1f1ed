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

/// Firebase's action URL, `/__/auth/action?mode=…&oobCode=…[&continueUrl=…]`, where the emails
/// of Firebase's `sendOobCode` link (and the links `returnOobLink` hands to admins). As every
/// emailed link here, opening it spends nothing (mail scanners open links): GET shows a form,
/// and only its POST uses the code. `mode=resetPassword` is the reset page (`ResetPasswordPage`,
/// posting back here); `mode=verifyEmail` one button that verifies the address. A `continueUrl`
/// is offered as a "Continue" link only when the redirect allow-list accepts it.
struct FirebaseActionPage: Sendable {
    let web: WebContext

    static let continueLabel = "Continue"
    static let verifyHeading = "Verify your email"
    static let verifyExplanation = "Press the button to verify your email address."
    static let verifyButton = "Verify my email"
    static let verifiedHeading = "Your email has been verified"
    static let verifiedMessage = "You can now sign in with your new account."

    /// What the link's query says; `continueURL` only when allowed.
    struct Link {
        var mode: String
        var oobCode: String?
        var continueURL: String?

        /// The form's target: this page again, with the mode and the continue URL (not the code,
        /// which travels only in the form body).
        var formAction: String {
            var action =
                FirebaseActionLink.path + "?mode=" + mode.percentEncodedQueryValue
            if let continueURL {
                action += "&continueUrl=" + continueURL.percentEncodedQueryValue
            }
            return action
        }
    }

    func link(_ request: Request) -> Link {
        let query = request.uri.queryParameters
        let code = query.get("oobCode").flatMap { $0.isEmpty || $0.utf8.count > 512 ? nil : $0 }
        let requested = query.get("continueUrl")
        let allowed = requested.flatMap { web.service.recovery.redirectPolicy.isAllowed($0) ? $0 : nil }
        return Link(mode: query.get("mode") ?? "", oobCode: code, continueURL: allowed)
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ exchange: inout WebExchange) async throws -> WebOutcome {
        let link = link(request)
        guard let code = link.oobCode else { return .page(invalid(link)) }
        let state = try await web.service.recovery.inspectFirebaseOobCode(code)
        guard case .usable(let found) = state, found.requestType.mode == link.mode else { return .page(invalid(link)) }
        switch found.requestType {
        case .passwordReset: return .page(resetPage(link).page(ResetPasswordPage.State(token: code, email: found.email)))
        case .verifyEmail: return .page(verifyPage(code: code, link))
        case .emailSignIn:
            let target = FirebaseEmailLinkActionRedirect.target(request, continueURL: link.continueURL, code: code)
            return target.map(WebOutcome.redirect) ?? .page(invalid(link))
        }
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome {
        let link = link(request)
        switch link.mode {
        case "resetPassword": return resetPage(link).expired(request, context, form, &exchange)
        case "verifyEmail": return .page(verifyPage(code: form["oobCode"], link, error: UserFacingText.formExpired, status: .forbidden))
        default: return .page(invalid(link))
        }
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let link = link(request)
        switch link.mode {
        case "resetPassword":
            return try await resetPage(link).submit(request, context, form, &exchange)
        case "verifyEmail":
            let code = form["oobCode"]
            guard !code.isEmpty, code.utf8.count <= 512 else { return .page(invalid(link)) }
            if let wait = try await context.requestBudget.spend() {
                return .page(
                    verifyPage(code: code, link, error: UserFacingText.tooManyRequests(retryAfterSeconds: wait), status: .tooManyRequests))
            }
            guard case .usable = try await web.service.recovery.applyFirebaseVerifyEmailCode(code) else { return .page(invalid(link)) }
            return .page(
                page(
                    link,
                    [
                        "heading": Self.verifiedHeading, "success": Self.verifiedMessage,
                    ]))
        default:
            return .page(invalid(link))
        }
    }

    private func resetPage(_ link: Link) -> ResetPasswordPage {
        ResetPasswordPage(web: web, formAction: link.formAction, continueURL: link.continueURL)
    }

    private func verifyPage(code: String, _ link: Link, error: String? = nil, status: HTTPResponse.Status = .ok) -> WebPage {
        var values: [String: Any] = [
            "heading": Self.verifyHeading, "explanation": Self.verifyExplanation, "button": Self.verifyButton,
            "oobCode": code, "formAction": link.formAction,
        ]
        if let error { values["error"] = error }
        var page = page(link, values, status: status)
        page.values["continueURL"] = nil
        return page
    }

    /// A bad, spent or expired code, or an unknown mode: the reset page's answer for a reset
    /// link, the same words otherwise. Nothing tells whether a code ever existed.
    private func invalid(_ link: Link) -> WebPage {
        if link.mode == "resetPassword" { return resetPage(link).invalidLink() }
        let lifetime = UserFacingText.duration(seconds: web.service.configuration.otpExpiry)
        return page(
            link,
            [
                "heading": Self.verifyHeading, "error": UserFacingText.resetLinkInvalid,
                "errorDetail": "Links work once and expire after \(lifetime). Ask the app for a new one.",
            ], status: .badRequest)
    }

    private func page(_ link: Link, _ values: [String: Any], status: HTTPResponse.Status = .ok) -> WebPage {
        var values = values
        if let continueURL = link.continueURL {
            values["continueURL"] = continueURL
            values["continueLabel"] = Self.continueLabel
        }
        return WebPage(
            template: "firebase_action", title: values["heading"] as? String ?? Self.verifyHeading, values: values, status: status)
    }
}
