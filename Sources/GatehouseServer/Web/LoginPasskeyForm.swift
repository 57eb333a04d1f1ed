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

/// The login page's "Sign in with a passkey": `POST /login/passkey/options` hands the
/// page's script a sign-in challenge (`PasskeyService`'s authentication options), and
/// `POST /login/passkey` takes the browser's answer, signs in through `PasskeyService` and sets
/// the same sealed sign-in cookie as the password form, then goes where it goes (`/account`).
/// Both are CSRF-checked forms (`WebFormCSRFMiddleware`); a failure is the login page again with
/// the specs' kind of text, never the API's JSON.
struct LoginPasskeyForm {
    let web: WebContext
    let login: LoginPage

    func options(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> PasskeyWebAnswer
    {
        guard web.passkeysEnabled else { return .outcome(.redirect("/login")) }
        if let wait = try await context.requestBudget.spend() {
            return .outcome(failure(UserFacingText.tooManyLoginAttempts(retryAfterSeconds: wait), status: .tooManyRequests))
        }
        do throws(AuthError) {
            return .ceremony(try await web.passkeySignInOptions(client: context.client))
        } catch {
            if error.status.code >= 500 { throw error }
            return .outcome(failure(Self.text(for: error), status: error.status))
        }
    }

    func submit(_ request: Request, _ context: GatehouseRequestContext, _ form: WebForm, _ exchange: inout WebExchange) async throws
        -> WebOutcome
    {
        guard web.passkeysEnabled else { return .redirect("/login") }
        let challengeId = form["challenge_id"]
        let credential = form["credential"]
        guard !challengeId.isEmpty, !credential.isEmpty else { return failure(PasskeyPageText.signInFailed, status: .badRequest) }
        let session: IssuedSession
        do throws(AuthError) {
            session = try await web.passkeySignIn(challengeId: challengeId, credential: credential, client: context.client)
        } catch {
            if error.status.code >= 500 { throw error }
            return failure(Self.text(for: error), status: error.status)
        }
        web.setSignInCookie(web.cookieState(for: session, remember: false), on: &exchange)
        exchange.rotateCSRF(web.security)
        return .redirect("/account")
    }

    private func failure(_ text: String, status: HTTPResponse.Status) -> WebOutcome {
        .page(login.page(LoginPage.State(summary: text, status: status)))
    }

    /// What the person reads for a refused passkey sign-in: why, where it is theirs to fix
    /// (confirm the address, a disabled account), else the one "couldn't sign you in" text.
    static func text(for error: AuthError) -> String {
        switch error.code {
        case .emailNotConfirmed: UserFacingText.emailNotConfirmed
        case .userBanned: UserFacingText.accountDisabled
        case .webAuthnChallengeExpired, .webAuthnChallengeNotFound: PasskeyPageText.signInExpired
        case .overRequestRateLimit: UserFacingText.tooManyLoginAttempts(retryAfterSeconds: error.retryAfter ?? 60)
        default: PasskeyPageText.signInFailed
        }
    }

    /// The login page's passkey values: the form (hidden until the script finds WebAuthn) and its texts.
    static func values(enabled: Bool) -> [String: Any] {
        guard enabled else { return [:] }
        return [
            "passkeys": true, "passkeySignIn": PasskeyPageText.signIn, "passkeySigningIn": PasskeyPageText.signingIn,
            "passkeyFailed": PasskeyPageText.signInFailed, "passkeyCancelled": PasskeyPageText.signInCancelled,
        ]
    }
}
