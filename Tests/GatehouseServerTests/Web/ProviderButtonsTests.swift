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

/// The pages' provider sign-in: "Continue with …" on the login and sign-up pages, the flow that
/// signs the browser in with a cookie session, the login page telling a refusal in its own
/// words, and the account page's "Sign-in providers" section (link, list, unlink).
@Suite("Provider buttons on the pages")
struct ProviderButtonsTests {
    static func run(_ backend: Backend, providers: Bool = true, _ body: @Sendable (API, OAuthFakeProvider) async throws -> Void)
        async throws
    {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(
                backend, configure: { OAuthTestSettings.configure(&$0, providers: providers ? [provider.provider()] : []) }
            ) { api in try await body(api, provider) }
        }
    }

    /// Follows a page flow through the provider: the start, the provider's grant, the callback.
    static func throughProvider(
        _ browser: inout WebFormClient, _ provider: OAuthFakeProvider, start: String, subject: String, email: String,
        emailVerified: Bool = true
    ) async throws -> Reply {
        let sent = try await browser.startFlow(start)
        let code = "web-\(UUID().uuidString)"
        provider.grant(
            code, subject: subject, email: email, emailVerified: emailVerified, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
        return try await browser.callback(code: code, state: sent.state)
    }

    @Test("the login and sign-up pages offer a button per enabled provider, and none without one", arguments: Backend.all)
    func buttons(backend: Backend) async throws {
        try await Self.run(backend) { api, _ in
            var browser = WebFormClient(api)
            for path in ["/login", "/signup"] {
                let page = try await browser.get(path)
                #expect(page.text.contains(#"href="/login/provider/mock""#), "\(path)")
                #expect(page.text.contains("Continue with Mock ID"), "\(path)")
            }
        }
        try await Self.run(backend, providers: false) { api, _ in
            var browser = WebFormClient(api)
            for path in ["/login", "/signup"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok && !page.text.contains("provider-button"), "\(path)")
            }
        }
    }

    @Test(
        "a button signs the browser in with a cookie session and lands on the account page, which lists the identity",
        arguments: Backend.all)
    func signInThroughTheButton(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            var browser = WebFormClient(api)
            let email = TestServer.uniqueEmail("button")
            let reply = try await Self.throughProvider(&browser, provider, start: "/login/provider/mock", subject: "web-sub", email: email)
            #expect(reply.status == .seeOther && reply.header("Location") == "/account", "\(reply)")
            #expect(browser.cookies["gatehouse_session"] != nil)
            let account = try await browser.get("/account")
            #expect(account.status == .ok)
            #expect(account.text.contains("Sign-in providers") && account.text.contains("Mock ID") && account.text.contains(email))
            #expect(account.text.contains("Unlink Mock ID"))
            #expect(try await browser.get("/login").header("Location") == "/account")
        }
    }

    @Test("a refused or cancelled provider sign-in is told on the login page in its own words", arguments: Backend.all)
    func refusals(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            var browser = WebFormClient(api)
            let email = TestServer.uniqueEmail("unverified")
            let refused = try await Self.throughProvider(
                &browser, provider, start: "/login/provider/mock", subject: "u-sub", email: email, emailVerified: false)
            let location = try #require(refused.header("Location"))
            #expect(location == "/login?provider=mock&provider_error=provider_email_needs_verification", "\(location)")
            #expect(try await browser.get(location).text.contains("Mock ID has not verified your email address."))

            let sent = try await browser.startFlow("/login/provider/mock")
            let cancelled = try await browser.get("/auth/v1/callback?error=access_denied&state=\(WebFormClient.escape(sent.state))")
            let page = try await browser.get(try #require(cancelled.header("Location")))
            #expect(page.text.contains("Signing in with Mock ID was cancelled."))

            let unknown = try await browser.get("/login/provider/github")
            #expect(unknown.status == .seeOther)
            let unknownPage = try await browser.get(try #require(unknown.header("Location")))
            #expect(unknownPage.text.contains("sign you in with that service. Try again or use your password."))
            // Only fixed texts: words in the address bar are never shown.
            let forged = try await browser.get("/login?provider=mock&provider_error=%3Cb%3EYour+account+is+locked")
            #expect(
                !forged.text.contains("Your account is locked")
                    && forged.text.contains("sign you in with Mock ID. Try again or use your password."))
        }
    }

    @Test("starting a provider sign-in spends the sign-in bucket; past it the login page says so", arguments: Backend.all)
    func rateLimited(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            let configure: (inout ServerConfiguration) -> Void = {
                OAuthTestSettings.configure(&$0, providers: [provider.provider()])
                $0.rateLimits.tokenPerFiveMinutes = 1
                $0.rateLimits.burst = 1
            }
            try await TestServer.run(backend, configure: configure) { api in
                var browser = WebFormClient(api)
                _ = try await browser.startFlow("/login/provider/mock")
                let refused = try await browser.get("/login/provider/mock")
                let location = try #require(refused.header("Location"))
                #expect(location == "/login?provider=mock&provider_error=over_request_rate_limit", "\(location)")
                #expect(try await browser.get(location).text.contains("Too many sign-in attempts."))
            }
        }
    }

    @Test("the account page links a provider, lists it and unlinks it; never the last way in", arguments: Backend.all)
    func linkAndUnlink(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            let email = TestServer.uniqueEmail("linker")
            try await api.createUser(email)
            var browser = WebFormClient(api)
            let login = try await browser.get("/login")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: login))
            _ = try await browser.post("/login", ["csrf": csrf, "email": email, "password": TestServer.password])
            let before = try await browser.get("/account")
            #expect(before.text.contains(#"href="/account/identities/link/mock""#) && before.text.contains("Link Mock ID"))

            let linked = try await Self.throughProvider(
                &browser, provider, start: "/account/identities/link/mock", subject: "acct-sub", email: TestServer.uniqueEmail("elsewhere"))
            #expect(linked.header("Location") == "/account?linked=mock#identities", "\(linked)")
            let page = try await browser.get("/account?linked=mock")
            #expect(page.text.contains("Mock ID was linked.") && page.text.contains("Unlink Mock ID"))
            let identityId = try #require(WebFormClient.hiddenField("identity", in: page))
            let unlinked = try await browser.post(
                "/account/identities/remove", ["csrf": try #require(WebFormClient.hiddenField("csrf", in: page)), "identity": identityId])
            #expect(unlinked.status == .ok && unlinked.text.contains("Mock ID was unlinked."), "\(unlinked.status)")
            #expect(!unlinked.text.contains("Unlink Mock ID"))

            // An account the provider made: its identity is the only way in.
            var other = WebFormClient(api)
            _ = try await Self.throughProvider(
                &other, provider, start: "/login/provider/mock", subject: "only", email: TestServer.uniqueEmail("only"))
            let account = try await other.get("/account")
            let refused = try await other.post(
                "/account/identities/remove",
                [
                    "csrf": try #require(WebFormClient.hiddenField("csrf", in: account)),
                    "identity": try #require(WebFormClient.hiddenField("identity", in: account)),
                ])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Mock ID is the only way to sign in to your account."))
        }
    }
}
