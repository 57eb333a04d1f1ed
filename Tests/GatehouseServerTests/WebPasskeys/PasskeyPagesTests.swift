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
import Testing

@testable import GatehouseServer

/// The pages' passkey routes through the router: the login page offers passkeys only
/// when they are on; its options route hands the script a stored sign-in challenge; a forged
/// answer is refused with the page's text and no session, and its challenge cannot be used
/// again; the account page's section and its registration options for the signed-in user. The
/// ceremonies themselves run in Chromium (Browser/test_passkeys.py).
@Suite("Web pages: passkeys")
struct PasskeyPagesTests {
    static func passkeysOn(_ configuration: inout ServerConfiguration) {
        configuration.passkeys.enabled = true
        configuration.passkeys.rpID = "localhost"
        configuration.passkeys.rpOrigins = ["http://localhost"]
    }

    @Test("the login page offers passkeys (button and autofill) only when they are on")
    func loginPageOffer() async throws {
        try await TestServer.run(.sqlite, configure: Self.passkeysOn) { api in
            var browser = WebFormClient(api)
            let page = try await browser.get("/login")
            #expect(page.text.contains(#"autocomplete="username webauthn""#))
            #expect(page.text.contains("data-passkey-signin"))
            #expect(page.text.contains("Sign in with a passkey"))
        }
        try await TestServer.run(.sqlite) { api in
            var browser = WebFormClient(api)
            let page = try await browser.get("/login")
            #expect(!page.text.contains("webauthn"))
            #expect(!page.text.contains("data-passkey-signin"))
            let options = try await browser.post("/login/passkey/options", ["csrf": WebFormClient.hiddenField("csrf", in: page) ?? ""])
            #expect(options.status == .seeOther && options.header("Location") == "/login", "\(options)")
        }
    }

    @Test("a forged passkey answer is refused with the page's text, no session, and its challenge is spent", arguments: Backend.all)
    func forgedAnswer(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.passkeysOn) { api in
            var browser = WebFormClient(api)
            let page = try await browser.get("/login")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: page))
            let options = try await browser.post("/login/passkey/options", ["csrf": csrf])
            try #require(options.status == .ok, "\(options)")
            #expect(options.header("Content-Type")?.hasPrefix("application/json") == true)
            let challengeId = try #require(options["challenge_id"]?.stringValue)
            #expect(options["options"]?["rpId"]?.stringValue == "localhost")
            #expect(options["options"]?["challenge"]?.stringValue?.count == 43)

            let forged =
                #"{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"AAAA","userHandle":"AAAA"}}"#
            let refused = try await browser.post("/login/passkey", ["csrf": csrf, "challenge_id": challengeId, "credential": forged])
            #expect(refused.status == .badRequest, "\(refused)")
            #expect(refused.text.contains("sign you in with that passkey. Try again or use your password."))
            #expect(browser.cookies["gatehouse_session"] == nil)
            #expect(try await browser.get("/account").status == .seeOther)

            let replayed = try await browser.post("/login/passkey", ["csrf": csrf, "challenge_id": challengeId, "credential": forged])
            #expect(replayed.status == .badRequest)
            #expect(replayed.text.contains(PasskeyPageText.signInExpired), "\(replayed)")
        }
    }

    @Test("the account page's section and its registration options for the signed-in user", arguments: Backend.all)
    func accountSection(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.passkeysOn) { api in
            let email = TestServer.uniqueEmail("pkweb")
            let userId = try await api.createUser(email)
            var browser = WebFormClient(api)
            let login = try await browser.get("/login")
            let signIn = try await browser.post(
                "/login", ["csrf": WebFormClient.hiddenField("csrf", in: login) ?? "", "email": email, "password": TestServer.password])
            try #require(signIn.status == .seeOther, "\(signIn)")
            let account = try await browser.get("/account")
            #expect(account.text.contains(PasskeyPageText.none))
            #expect(account.text.contains("data-passkey-add"))
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: account))
            let options = try await browser.post("/account/passkeys/options", ["csrf": csrf])
            try #require(options.status == .ok, "\(options)")
            #expect(options["options"]?["rp"]?["id"]?.stringValue == "localhost")
            let handle = try #require(options["options"]?["user"]?["id"]?.stringValue)
            #expect(
                handle
                    == Data(userId.lowercased().utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""))

            let unknown = try await browser.post("/account/passkeys/remove", ["csrf": csrf, "passkey": UUID().uuidString])
            #expect(unknown.status == .notFound && unknown.text.contains(PasskeyPageText.notFound), "\(unknown)")
            let blank = try await browser.post("/account/passkeys/rename", ["csrf": csrf, "passkey": UUID().uuidString, "name": " "])
            #expect(blank.status == .unprocessableContent)
        }
    }
}
