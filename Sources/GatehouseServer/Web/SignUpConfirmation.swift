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

import Crypto
import Foundation
import GatehouseCore
import HTTPTypes
import Hummingbird

/// How a sign-up made on these pages is confirmed in the browser that made it: by its link, whose
/// PKCE code the login page exchanges with this browser's verifier (kept in an `HttpOnly` cookie,
/// never in the link), or by the email's 6-digit code typed on the "Check Your Email" page. Either
/// signs that browser in, as GoTrue's confirmation does; a link opened in another browser only
/// confirms the address (`LoginPage`), so the link alone never hands out a session.
extension WebContext {
    var signUpVerifierCookieName: String { (security.secureCookies ? "__Host-" : "") + "gatehouse_signup" }

    /// The challenge of this browser's verifier, made (or kept, and its cookie renewed for the
    /// links' lifetime) for a sign-up or a resend: every confirmation link this browser asks for
    /// answers to the one verifier.
    func signUpChallenge(_ request: Request, exchange: inout WebExchange) -> PKCEChallenge {
        let verifier = signUpVerifier(request) ?? WebSecurity.newNonce()
        exchange.cookies.append(
            security.cookie(name: signUpVerifierCookieName, value: verifier, maxAge: Int(service.configuration.otpExpiry)))
        return PKCEChallenge(challenge: Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString(), method: "s256")
    }

    func signUpVerifier(_ request: Request) -> String? {
        guard let value = request.cookies[signUpVerifierCookieName]?.value, WebSecurity.isWellFormedNonce(value) else { return nil }
        return value
    }

    func forgetSignUpVerifier(on exchange: inout WebExchange) {
        exchange.cookies.append(security.removal(of: signUpVerifierCookieName))
    }
}

/// `POST /signup/code` (CSRF-checked, under the verify limit like `POST /verify`): the email's
/// code, typed on the "Check Your Email" page, redeemed as `POST /verify {type: signup, email,
/// token}` redeems it (the account's guess budget and each code's five tries included).
struct SignUpCodeForm {
    let web: WebContext
    let signUp: SignUpPage

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        let email = form["email"].trimmingCharacters(in: .whitespacesAndNewlines)
        guard EmailAddress.isValid(email) else { return .redirect("/signup") }
        let code = form["code"].filter { !$0.isWhitespace }
        guard code.count == 6, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else {
            return .page(refused(email, LinkLandingText.codeInvalid, status: .unprocessableContent))
        }
        if let wait = try await context.requestBudget.spend() {
            return .page(refused(email, UserFacingText.tooManyRequests(retryAfterSeconds: wait), status: .tooManyRequests))
        }
        let issued: IssuedSession
        do {
            issued = try await web.service.recovery.verify(email: email, code: code, type: .signup, client: context.client)
        } catch {
            if error.status.code >= 500 { throw error }
            return .page(refused(email, LinkLandingText.codeInvalid, status: WebContext.status(for: error)))
        }
        web.forgetSignUpVerifier(on: &exchange)
        return .redirect(web.codeStepOrAccount(issued, exchange: &exchange))
    }

    func expired(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) -> WebOutcome {
        .page(refused(form["email"], UserFacingText.formExpired, status: .forbidden))
    }

    private func refused(_ email: String, _ error: String, status: HTTPResponse.Status) -> WebPage {
        var page = signUp.sentPage(email: email, status: nil, cooldown: 0, httpStatus: status)
        page.values["codeError"] = error
        return page
    }
}
