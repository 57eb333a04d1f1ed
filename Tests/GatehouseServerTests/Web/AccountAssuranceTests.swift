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
import GatehouseTestSupport
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The account page in an aal1 session of an account with a verified authenticator app, through
/// the router: every action the API gates (`PUT /user`'s email and password, factors, passkeys)
/// is refused with the gate's text and changes nothing (no email goes out); the page offers the
/// code that raises the session, after which the same actions go through.
@Suite("Web pages: the account page's assurance level")
struct AccountAssuranceTests {
    static let gate = "Confirm a code from your authenticator app first."

    static func passkeysOn(_ configuration: inout ServerConfiguration) {
        configuration.passkeys.enabled = true
        configuration.passkeys.rpID = "localhost"
        configuration.passkeys.rpOrigins = ["http://localhost"]
    }

    @Test("aal1 with a verified factor: every gated action refused, nothing sent; the code raises the session", arguments: Backend.all)
    func stepUp(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, configure: Self.passkeysOn, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("assurance")
            let userId = try await api.createUser(email)
            var browser = WebFormClient(api)
            try #require(try await browser.passwordSignIn(email).header("Location") == "/account")
            // Two apps; removing the one that raised the session drops it to aal1, the other stays.
            let kept = try await browser.addAuthenticator("Kept", at: time)
            let dropped = try await browser.addAuthenticator("Dropped", at: time)
            let removed = try await browser.pagePost("/account/mfa/remove", ["factor": dropped.id])
            try #require(removed.text.contains("The authenticator app was removed."), "\(removed)")

            let account = try await browser.get("/account")
            #expect(account.text.contains(#"action="/account/mfa/verify""#), "no step-up offered")
            #expect(account.text.contains("Confirm with your authenticator app"))

            let newEmail = TestServer.uniqueEmail("target")
            let email1 = try await browser.pagePost("/account/email", ["email": newEmail])
            #expect(email1.status == .forbidden, "\(email1)")
            #expect(email1.text.contains(Self.gate))
            #expect(try await api.adminUser(userId)["new_email"]?.stringValue == nil, "the change was started")
            #expect(try await api.auditEntries(userId, "user_email_change_requested").isEmpty, "its emails were queued")

            let password = try await browser.pagePost(
                "/account/password",
                ["current": TestServer.password, "password": TestServer.otherPassword, "confirm": TestServer.otherPassword])
            #expect(password.status == .forbidden, "\(password)")
            #expect(password.text.contains(Self.gate))
            #expect(try await api.signIn(email).status == .ok, "the password changed")

            let factor = try await browser.pagePost("/account/mfa/remove", ["factor": kept.id])
            #expect(factor.text.contains(Self.gate), "\(factor)")
            let passkey = try await browser.pagePost("/account/passkeys/options")
            #expect(passkey.status == .forbidden && passkey.text.contains(Self.gate), "\(passkey)")

            // The step-up: a wrong code is said; the right one raises this session.
            let wrong = try await browser.pagePost("/account/mfa/verify", ["code": try WebTOTP.wrongCode(kept.secret, at: time)])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("That code is not right."), "\(wrong)")
            time.advance(seconds: 30)
            let raised = try await browser.pagePost("/account/mfa/verify", ["code": try WebTOTP.code(kept.secret, at: time)])
            #expect(raised.status == .ok, "\(raised)")
            #expect(raised.text.contains("Code confirmed."), "\(raised)")
            #expect(!raised.text.contains(#"action="/account/mfa/verify""#))

            let email2 = try await browser.pagePost("/account/email", ["email": newEmail])
            #expect(email2.status == .ok && email2.text.contains("We sent confirmation links to"), "\(email2)")
            #expect(try await api.adminUser(userId)["new_email"]?.stringValue == newEmail)
            let options = try await browser.pagePost("/account/passkeys/options")
            #expect(options.status == .ok && options["challenge_id"] != nil, "\(options)")
            let off = try await browser.pagePost("/account/mfa/remove", ["factor": kept.id])
            #expect(
                off.text.contains("The authenticator app was removed.") && off.text.contains("Two-factor authentication is off."), "\(off)")
        }
    }

    @Test("a passkey sign-in (aal1) of an account with an authenticator app lands on the page with the step-up", arguments: Backend.all)
    func passkeySignIn(_ backend: Backend) async throws {
        let time = ManualServerClock()
        try await TestServer.run(backend, configure: Self.passkeysOn, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("passkey-aal1")
            try await api.createUser(email)
            let passkey = SoftwarePasskey(origin: "http://localhost")
            try await PasskeySignInRouteTests.register(passkey, api, token: try TestSession(try await api.signIn(email)).accessToken)
            var setup = WebFormClient(api)
            _ = try await setup.passwordSignIn(email)
            let app = try await setup.addAuthenticator("Phone", at: time)

            var browser = WebFormClient(api)
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: try await browser.get("/login")))
            let started = try await browser.post("/login/passkey/options", ["csrf": csrf])
            let options = try #require(started["options"], "\(started)")
            let assertion = try passkey.assert(
                rpID: try #require(options["rpId"]?.stringValue),
                challenge: try PasskeySignInRouteTests.base64URLDecode(try #require(options["challenge"]?.stringValue)))
            let encode = PasskeySignInRouteTests.encode
            let credential: [String: Any] = [
                "id": encode(assertion.credentialID), "rawId": encode(assertion.credentialID), "type": "public-key",
                "response": [
                    "clientDataJSON": encode(assertion.clientDataJSON), "authenticatorData": encode(assertion.authenticatorData),
                    "signature": encode(assertion.signature), "userHandle": encode(assertion.userHandle),
                ],
            ]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: credential), as: UTF8.self)
            let signedIn = try await browser.post(
                "/login/passkey", ["csrf": csrf, "challenge_id": try #require(started["challenge_id"]?.stringValue), "credential": json])
            #expect(signedIn.header("Location") == "/account", "\(signedIn)")

            let account = try await browser.get("/account")
            #expect(account.text.contains(#"action="/account/mfa/verify""#), "\(account)")
            let refused = try await browser.pagePost("/account/email", ["email": TestServer.uniqueEmail("other")])
            #expect(refused.status == .forbidden && refused.text.contains(Self.gate), "\(refused)")
            time.advance(seconds: 30)
            let raised = try await browser.pagePost(
                "/account/mfa/verify", ["factor": app.id, "code": try WebTOTP.code(app.secret, at: time)])
            #expect(raised.text.contains("Code confirmed."), "\(raised)")
            let changed = try await browser.pagePost("/account/email", ["email": TestServer.uniqueEmail("other")])
            #expect(changed.status == .ok, "\(changed)")
        }
    }

    @Test("the step-up form is not offered without a verified factor, and its post changes nothing", arguments: Backend.all)
    func noFactor(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("no-factor")
            try await api.createUser(email)
            var browser = WebFormClient(api)
            _ = try await browser.passwordSignIn(email)
            let account = try await browser.get("/account")
            #expect(account.status == .ok)
            #expect(!account.text.contains(#"action="/account/mfa/verify""#))
            let posted = try await browser.pagePost("/account/mfa/verify", ["code": "123456"])
            #expect(posted.status == .ok, "\(posted)")
            #expect(posted.text.contains("Two-factor authentication is off."))
        }
    }
}
