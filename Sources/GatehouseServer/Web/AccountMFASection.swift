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

import GatehouseCore
import HTTPTypes
import Hummingbird

/// The account page's "Two-factor authentication" section: enrol an authenticator app (its QR
/// code and key, under the product's name: `GATEHOUSE_PRODUCT_NAME`, not GoTrue's host:port),
/// confirm it with a code (which also raises this browser's session to aal2), list and remove
/// factors. A setup left half done (a reload, another form of the page) is offered again until
/// it expires. Its forms are CSRF-protected like the page's others (`WebFormCSRFMiddleware`,
/// routes in `WebRoutes`).
struct AccountMFASection {
    let web: WebContext
    let account: AccountPage

    /// What the section shows besides the user's factors.
    struct State {
        /// A factor being set up: its QR code and key, and the confirmation form.
        var pending: FactorEnrollment?
        var codeError: String?
        var error: String?
        var notice: String?
    }

    func enroll(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            let name = form["name"].isEmpty ? UserFacingText.MFA.defaultName : form["name"]
            // An abandoned setup of the same name is replaced rather than blocking the new one.
            for stale in caller.user.factors where !stale.isVerified && stale.friendlyName == name {
                _ = try await web.service.mfa.unenroll(caller, factorId: stale.id.uuidString)
            }
            let pending: FactorEnrollment
            do throws(AuthError) {
                pending = try await web.service.mfa.enroll(caller, factorType: "totp", friendlyName: name, issuer: web.renderer.product)
            } catch {
                if error.status.code >= 500 { throw error }
                return try await render(caller, State(error: Self.text(for: error)), status: WebContext.status(for: error))
            }
            return try await render(caller, State(pending: pending))
        }
    }

    func confirm(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            let mfa = web.service.mfa
            let factorId = form["factor"]
            let code = form["code"].filter { !$0.isWhitespace }
            guard let pending = try await mfa.pendingEnrollment(caller, factorId: factorId, issuer: web.renderer.product) else {
                return try await render(caller, State(error: UserFacingText.MFA.expired), status: .unprocessableContent)
            }
            guard code.count == 6, code.allSatisfy(\.isNumber) else {
                return try await render(
                    caller, State(pending: pending, codeError: UserFacingText.MFA.codeRequired), status: .unprocessableContent)
            }
            if let wait = try await context.requestBudget.spend() {
                let text = UserFacingText.tooManyRequests(retryAfterSeconds: wait)
                return try await render(caller, State(pending: pending, error: text), status: .tooManyRequests)
            }
            let raised: IssuedSession
            do throws(AuthError) {
                raised = try await mfa.challengeAndVerify(caller, factorId: factorId, code: code, client: context.client)
            } catch {
                if error.status.code >= 500 { throw error }
                let state =
                    error.code == .mfaVerificationFailed
                    ? State(pending: pending, codeError: UserFacingText.MFA.codeWrong)
                    : State(pending: pending, error: Self.text(for: error))
                return try await render(caller, state, status: WebContext.status(for: error))
            }
            let aal2 = web.service.sessions.authenticated(user: raised.user, session: raised.session, now: raised.session.refreshedAt)
            return try await render(aal2, State(notice: UserFacingText.MFA.confirmed))
        }
    }

    func remove(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        try await signedIn(context, &exchange) { caller in
            do throws(AuthError) {
                _ = try await web.service.mfa.unenroll(caller, factorId: form["factor"])
            } catch {
                if error.status.code >= 500 { throw error }
                return try await render(caller, State(error: Self.text(for: error)), status: WebContext.status(for: error))
            }
            return try await render(caller, State(notice: UserFacingText.MFA.removed))
        }
    }

    private func signedIn(
        _ context: GatehouseRequestContext, _ exchange: inout WebExchange, _ body: (Authenticated) async throws -> WebOutcome
    ) async throws -> WebOutcome {
        let signIn = try web.signIn(context)
        guard case .signedIn(let caller, let state) = signIn else { return web.signedOutRedirect(signIn, exchange: &exchange) }
        web.setSignInCookie(state, on: &exchange)
        return try await body(caller)
    }

    /// The account page with the section in `state`, the user's factors and the session's level
    /// read again (removing the app that raised the session lowers it to aal1).
    private func render(_ caller: Authenticated, _ state: State, status: HTTPResponse.Status = .ok) async throws -> WebOutcome {
        var page = AccountPage.State(status: status)
        page.mfa = state
        return .page(try await account.page(try await web.reload(caller), page))
    }

    /// The caller's newest unconfirmed app while it is fresh (an older one is cleared by the next
    /// setup, `GATEHOUSE_MFA_FACTOR_EXPIRY`), to show its QR code again; none for a session that
    /// needs a code first, which is shown no key.
    static func unfinishedSetup(of caller: Authenticated, web: WebContext) async throws -> FactorEnrollment? {
        guard !caller.needsSecondFactor else { return nil }
        let now = web.service.environment.clock.now().microsecondsSinceEpoch
        let lifetime = Int64(web.service.configuration.mfa.factorExpiry) * 1_000_000
        let fresh = caller.user.factors.filter { !$0.isVerified && now - $0.createdAt.microsecondsSinceEpoch < lifetime }
        guard let newest = fresh.max(by: { $0.createdAt.microsecondsSinceEpoch < $1.createdAt.microsecondsSinceEpoch }) else {
            return nil
        }
        return try await web.service.mfa.pendingEnrollment(caller, factorId: newest.id.lowercasedString, issuer: web.renderer.product)
    }

    static func text(for error: AuthError) -> String {
        switch error.code {
        case .insufficientAAL: UserFacingText.MFA.needsSecondFactor
        case .mfaFactorNameConflict: UserFacingText.MFA.nameTaken
        case .tooManyEnrolledFactors: UserFacingText.MFA.tooMany
        case .overRequestRateLimit: UserFacingText.MFA.tooManyAttempts
        case .mfaFactorNotFound, .mfaChallengeExpired: UserFacingText.MFA.expired
        default: WebContext.text(for: error)
        }
    }

    /// The section's template values (merged into the account page's); `focusSetup` when the
    /// setup is what the person just asked for (focus, and so the scroll, moves to its QR code).
    static func values(for user: UserRecord, _ state: State, focusSetup: Bool) -> [String: Any] {
        var values: [String: Any] = [
            "mfaTitle": UserFacingText.MFA.title, "mfaExplanation": UserFacingText.MFA.explanation,
            "mfaNoFactors": UserFacingText.MFA.noFactors, "mfaNameLabel": UserFacingText.MFA.nameLabel,
            "mfaEnroll": UserFacingText.MFA.enroll, "mfaEnrolling": UserFacingText.MFA.enrolling,
            "mfaRemove": UserFacingText.MFA.remove, "mfaRemoving": UserFacingText.MFA.removing,
            "mfaHasFactors": !user.factors.isEmpty,
            "mfaFactors": user.factors.map { factor -> [String: Any] in
                [
                    "id": factor.id.lowercasedString, "name": factor.friendlyName,
                    "status": factor.isVerified ? UserFacingText.MFA.verified : UserFacingText.MFA.unverified,
                ]
            },
        ]
        if let pending = state.pending {
            var pendingValues: [String: Any] = [
                "factorId": pending.factor.id.lowercasedString, "qrSVG": pending.qrCodeSVG, "secret": pending.secret,
                "qrLabel": UserFacingText.MFA.qrLabel, "instructions": UserFacingText.MFA.scanInstructions,
                "secretLabel": UserFacingText.MFA.secretLabel, "codeLabel": UserFacingText.MFA.codeLabel,
                "confirm": UserFacingText.MFA.confirm, "confirming": UserFacingText.MFA.confirming,
                "otpauthURI": pending.uri, "openInApp": SecondFactorPageText.openInApp, "focusSetup": focusSetup,
            ]
            if let codeError = state.codeError { pendingValues["codeError"] = codeError }
            values["mfaPending"] = pendingValues
        }
        if let error = state.error { values["mfaError"] = error }
        if let notice = state.notice { values["mfaNotice"] = notice }
        return values
    }
}
