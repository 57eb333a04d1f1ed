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
import Testing

@testable import GatehouseServer

/// The login page with a verified authenticator app, through the router: the password leads to
/// the code step and no session cookie; the step's own cookie opens nothing; wrong codes spend
/// the factor's guess budget (the API's, shared with `POST /factors/{id}/verify`); the step
/// expires; the right code signs the browser in at aal2.
@Suite("Web pages: the login's code step")
struct LoginCodeStepTests {
    /// A confirmed account with a verified authenticator app (set up on the account page, then
    /// signed out), its key, and a browser that is signed out.
    static func accountWithAuthenticator(_ api: API, at time: ManualServerClock) async throws -> (email: String, secret: String) {
        let email = TestServer.uniqueEmail("code-step")
        try await api.createUser(email)
        var setup = WebFormClient(api)
        try #require(try await setup.passwordSignIn(email).header("Location") == "/account")
        let (_, secret) = try await setup.addAuthenticator("Phone", at: time)
        _ = try await setup.pagePost("/account/sign-out")
        // The next code is a later time step: a code works once.
        time.advance(seconds: 30)
        return (email, secret)
    }

    @Test("the password leads to the code step; no session until the right code, then aal2", arguments: Backend.all)
    func codeStep(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, clock: time.clock) { api in
            let (email, secret) = try await Self.accountWithAuthenticator(api, at: time)
            var browser = WebFormClient(api)
            let password = try await browser.passwordSignIn(email, remember: true)
            #expect(password.status == .seeOther, "\(password)")
            #expect(password.header("Location") == "/login/code", "\(password)")
            #expect(browser.cookies["gatehouse_session"] == nil, "a session cookie before the code")
            #expect(try await browser.get("/account").header("Location") == "/login")
            let refused = try await browser.pagePost("/account/email", from: "/login/code", ["email": "elsewhere@example.com"])
            #expect(refused.header("Location") == "/login", "\(refused)")

            let step = try await browser.get("/login/code")
            #expect(step.status == .ok, "\(step)")
            #expect(step.text.contains("Enter your code"))
            #expect(step.text.contains(#"autocomplete="one-time-code""#))

            let wrong = try await browser.pagePost(
                "/login/code", from: "/login/code", ["code": try WebTOTP.wrongCode(secret, at: time)])
            #expect(wrong.status == .unprocessableContent, "\(wrong)")
            #expect(wrong.text.contains("That code is not right."))
            let malformed = try await browser.pagePost("/login/code", from: "/login/code", ["code": "12ab"])
            #expect(malformed.status == .unprocessableContent)
            #expect(malformed.text.contains("Enter the 6-digit code from your authenticator app."))
            #expect(browser.cookies["gatehouse_session"] == nil)

            let right = try await browser.pagePost("/login/code", from: "/login/code", ["code": try WebTOTP.code(secret, at: time)])
            #expect(right.status == .seeOther && right.header("Location") == "/account", "\(right)")
            // "Remember me" from the password step is kept.
            #expect(right.setCookie("gatehouse_session")?.contains("Max-Age=2592000") == true, "\(right.headers)")
            let account = try await browser.get("/account")
            #expect(account.status == .ok, "\(account)")
            #expect(!account.text.contains(#"action="/account/mfa/verify""#), "an aal2 session is offered the step-up")
            // Changing the address needs aal2 once a factor is verified: the code gave it.
            let changed = try await browser.pagePost("/account/email", ["email": TestServer.uniqueEmail("new")])
            #expect(changed.status == .ok && changed.text.contains("We sent confirmation links to"), "\(changed)")
        }
    }

    @Test("the code step's cookie opens no page and no form", arguments: Backend.all)
    func pendingCookieOpensNothing(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, clock: time.clock) { api in
            let (email, _) = try await Self.accountWithAuthenticator(api, at: time)
            var browser = WebFormClient(api)
            _ = try await browser.passwordSignIn(email)
            let pending = browser.cookies.filter { $0.key != "gatehouse_csrf" }
            try #require(pending.count == 1, "\(browser.cookies)")
            var forged = browser
            forged.cookies["gatehouse_session"] = try #require(pending.first?.value)
            #expect(try await forged.get("/account").header("Location") == "/login")
            #expect(try await forged.get("/login").status == .ok)
        }
    }

    @Test("Cancel sign-in ends the step's session: its cookie, kept, opens nothing any more", arguments: Backend.all)
    func cancel(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, clock: time.clock) { api in
            let (email, secret) = try await Self.accountWithAuthenticator(api, at: time)
            var browser = WebFormClient(api)
            _ = try await browser.passwordSignIn(email)
            let kept = browser
            let cancelled = try await browser.pagePost("/login/code/cancel", from: "/login/code")
            #expect(cancelled.header("Location") == "/login", "\(cancelled)")
            #expect(try await browser.get("/login/code").header("Location") == "/login")
            var replay = kept
            #expect(try await replay.get("/login/code").header("Location") == "/login")
            let late = try await replay.post(
                "/login/code",
                [
                    "csrf": WebFormClient.hiddenField("csrf", in: try await replay.get("/login")) ?? "",
                    "code": try WebTOTP.code(secret, at: time),
                ])
            #expect(late.header("Location") == "/login", "\(late)")
            #expect(replay.cookies["gatehouse_session"] == nil)
        }
    }

    @Test("wrong codes spend the factor's guess budget, the API's too; then too many attempts", arguments: Backend.all)
    func guessBudget(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, configure: { $0.mfa.verifyAttempts = 2 }, clock: time.clock) { api in
            let (email, secret) = try await Self.accountWithAuthenticator(api, at: time)
            var browser = WebFormClient(api)
            _ = try await browser.passwordSignIn(email)
            for _ in 0..<2 {
                let wrong = try await browser.pagePost(
                    "/login/code", from: "/login/code", ["code": try WebTOTP.wrongCode(secret, at: time)])
                #expect(wrong.status == .unprocessableContent, "\(wrong)")
            }
            let blocked = try await browser.pagePost("/login/code", from: "/login/code", ["code": try WebTOTP.code(secret, at: time)])
            #expect(blocked.status == .tooManyRequests, "\(blocked)")
            #expect(blocked.text.contains("Too many codes were tried. Please wait before trying again."))
            #expect(browser.cookies["gatehouse_session"] == nil)

            // The same budget answers the API.
            let session = try TestSession(try await api.signIn(email))
            let factors = try await api.send(.get, "/user", bearer: session.accessToken)
            let factorId = try #require(factors["factors"]?[0]?["id"]?.stringValue, "\(factors)")
            let challenge = try await api.send(.post, "/factors/\(factorId)/challenge", json: [:], bearer: session.accessToken)
            let verify = try await api.send(
                .post, "/factors/\(factorId)/verify",
                json: ["challenge_id": try #require(challenge["id"]?.stringValue), "code": try WebTOTP.code(secret, at: time)],
                bearer: session.accessToken)
            #expect(verify.status == .tooManyRequests, "\(verify)")
        }
    }

    @Test("the code step expires: back to the sign-in with its reason, no session", arguments: Backend.all)
    func expiry(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, clock: time.clock) { api in
            let (email, secret) = try await Self.accountWithAuthenticator(api, at: time)
            var browser = WebFormClient(api)
            _ = try await browser.passwordSignIn(email)
            let form = try await browser.get("/login/code")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: form))
            time.advance(seconds: 301)
            let late = try await browser.post("/login/code", ["csrf": csrf, "code": try WebTOTP.code(secret, at: time)])
            #expect(late.status == .seeOther, "\(late)")
            let location = try #require(late.header("Location"))
            #expect(location.hasPrefix("/login?"), "\(location)")
            #expect(browser.cookies["gatehouse_session"] == nil)
            let login = try await browser.get(location)
            #expect(login.text.contains("That took too long. Please sign in again."), "\(login)")
            #expect(try await browser.get("/login/code").header("Location") == "/login")
        }
    }
}
