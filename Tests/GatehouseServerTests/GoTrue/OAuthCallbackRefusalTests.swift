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

/// `/callback` refusing what it must: a state that is missing, unknown, spent, expired or
/// another browser's (a 303 to the site URL, as GoTrue's), and, for a known flow, the provider's
/// error, a code the provider will not exchange, an ID token with another nonce (a 302 to the
/// app with GoTrue's error parameters).
@Suite("OAuth callback refusals")
struct OAuthCallbackRefusalTests {
    static let appTarget = WebFormClient.escape(OAuthTestSettings.app)

    /// Runs `body` with a server whose clock the test moves, a provider, and a browser.
    static func run(
        _ backend: Backend, clock: ManualServerClock = ManualServerClock(Timestamp.now()),
        _ body: @Sendable (API, OAuthFakeProvider, ManualServerClock) async throws -> Void
    ) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(
                backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }, clock: clock.clock
            ) { api in try await body(api, provider, clock) }
        }
    }

    /// The site URL's error query of a refused state.
    static func expectSiteError(_ reply: Reply, code: String, _ comment: Comment? = nil) throws {
        #expect(reply.status == .seeOther, comment)
        let landing = try OAuthLanding(reply)
        #expect(landing.base == OAuthTestSettings.site, comment)
        #expect(landing.query["error"] == "invalid_request" && landing.query["error_code"] == code, "\(landing.location)")
        #expect(landing.fragment["access_token"] == nil)
    }

    @Test("a missing, malformed or unknown state is refused to the site URL", arguments: Backend.all)
    func badStates(backend: Backend) async throws {
        try await Self.run(backend) { api, _, _ in
            var browser = WebFormClient(api)
            _ = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            try Self.expectSiteError(try await browser.get("/auth/v1/callback?code=abc"), code: "bad_oauth_callback")
            try Self.expectSiteError(try await browser.callback(code: "abc", state: "not-a-state"), code: "bad_oauth_state")
            let unknown = String(repeating: "A", count: 43)
            let reply = try await browser.callback(code: "abc", state: unknown)
            try Self.expectSiteError(reply, code: "bad_oauth_state")
            #expect(try OAuthLanding(reply).query["error_description"] == "OAuth state not found or expired")
        }
    }

    @Test("a state works once: the second callback with it is refused", arguments: Backend.all)
    func reusedState(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var browser = WebFormClient(api)
            let email = TestServer.uniqueEmail("reuse")
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant("first", subject: "sub-r", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
            #expect(try OAuthLanding(try await browser.callback(code: "first", state: sent.state)).fragment["access_token"] != nil)
            provider.grant("second", subject: "sub-r", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
            try Self.expectSiteError(try await browser.callback(code: "second", state: sent.state), code: "bad_oauth_state")
            #expect(provider.recordedTokenRequests.count == 1, "a spent state reaches no provider")
        }
    }

    @Test("a state older than ten minutes is refused", arguments: Backend.all)
    func expiredState(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, clock in
            var browser = WebFormClient(api)
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant(
                "late", subject: "sub-e", email: TestServer.uniqueEmail("late"), nonce: sent.nonce, codeChallenge: sent.codeChallenge)
            clock.advance(seconds: Double(OAuthFlows.lifetime) + 1)
            let reply = try await browser.callback(code: "late", state: sent.state)
            try Self.expectSiteError(reply, code: "bad_oauth_state")
            #expect(try OAuthLanding(reply).query["error_description"] == "OAuth state has expired")
            #expect(provider.recordedTokenRequests.isEmpty)
        }
    }

    @Test("a state carried to another browser is refused, and spent", arguments: Backend.all)
    func otherBrowser(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var victim = WebFormClient(api)
            var attacker = WebFormClient(api)
            let email = TestServer.uniqueEmail("csrf")
            _ = try await victim.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            let sent = try await attacker.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant("planted", subject: "attacker", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
            // The victim holds a binding cookie of its own; a browser with none is refused too.
            try Self.expectSiteError(try await victim.callback(code: "planted", state: sent.state), code: "bad_oauth_state")
            var stranger = WebFormClient(api)
            try Self.expectSiteError(try await stranger.callback(code: "planted", state: sent.state), code: "bad_oauth_state")
            try Self.expectSiteError(try await attacker.callback(code: "planted", state: sent.state), code: "bad_oauth_state", "spent")
            #expect(provider.recordedTokenRequests.isEmpty)
        }
    }

    /// The app's error parameters, in the query and in the fragment.
    static func expectAppError(_ reply: Reply, error: String, code: String?) throws {
        #expect(reply.status == .found, "\(reply)")
        let landing = try OAuthLanding(reply)
        #expect(landing.base == OAuthTestSettings.app, "\(landing.location)")
        for parameters in [landing.query, landing.fragment] {
            #expect(parameters["error"] == error, "\(landing.location)")
            #expect(parameters["error_code"] == code, "\(landing.location)")
            #expect(parameters["error_description"] != nil)
            if code != nil { #expect(parameters["error_description"]?.isEmpty == false) }
        }
        #expect(landing.fragment["access_token"] == nil && landing.fragment.keys.contains("sb"))
    }

    @Test("the provider's error goes back to the app as it sent it", arguments: Backend.all)
    func providerError(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var browser = WebFormClient(api)
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            let reply = try await browser.get(
                "/auth/v1/callback?error=access_denied&error_description=The+user+cancelled&state=\(WebFormClient.escape(sent.state))")
            try Self.expectAppError(reply, error: "access_denied", code: nil)
            #expect(try OAuthLanding(reply).query["error_description"] == "The user cancelled")
            #expect(provider.recordedTokenRequests.isEmpty)
        }
    }

    @Test("a provider's error without its state is told to the app of the browser's flow, never signing in", arguments: Backend.all)
    func providerErrorWithoutState(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var browser = WebFormClient(api)
            _ = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            try Self.expectAppError(try await browser.get("/auth/v1/callback?error=access_denied"), error: "access_denied", code: nil)
            // The flow was spent: the same error again finds none.
            try Self.expectSiteError(try await browser.get("/auth/v1/callback?error=access_denied"), code: "bad_oauth_callback")
            var stranger = WebFormClient(api)
            try Self.expectSiteError(try await stranger.get("/auth/v1/callback?error=access_denied"), code: "bad_oauth_callback")
            #expect(provider.recordedTokenRequests.isEmpty)
        }
    }

    @Test("a code the provider will not exchange, or an answer without ID token, is a server_error to the app", arguments: Backend.all)
    func exchangeFailure(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var browser = WebFormClient(api)
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            try Self.expectAppError(
                try await browser.callback(code: "never-granted", state: sent.state), error: "server_error", code: "unexpected_failure")
            let sent2 = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant(
                "broken", subject: "s", email: TestServer.uniqueEmail("x"), nonce: sent2.nonce, codeChallenge: sent2.codeChallenge,
                failWith: 503)
            try Self.expectAppError(
                try await browser.callback(code: "broken", state: sent2.state), error: "server_error", code: "unexpected_failure")
            let sent3 = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            try Self.expectAppError(
                try await browser.get("/auth/v1/callback?state=\(WebFormClient.escape(sent3.state))"), error: "invalid_request",
                code: "bad_oauth_callback")
        }
    }

    @Test("an ID token whose nonce is not the flow's is refused (bad_id_token), and signs nobody in", arguments: Backend.all)
    func nonceMismatch(backend: Backend) async throws {
        try await Self.run(backend) { api, provider, _ in
            var browser = WebFormClient(api)
            let email = TestServer.uniqueEmail("nonce")
            let other = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant("replayed", subject: "sub-n", email: email, nonce: other.nonce, codeChallenge: sent.codeChallenge)
            try Self.expectAppError(
                try await browser.callback(code: "replayed", state: sent.state), error: "invalid_request", code: "bad_id_token")
            let sent2 = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant("no-nonce", subject: "sub-n", email: email, nonce: nil, codeChallenge: sent2.codeChallenge)
            try Self.expectAppError(
                try await browser.callback(code: "no-nonce", state: sent2.state), error: "invalid_request", code: "bad_id_token")
            let users = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken)["users"]?.arrayValue ?? []
            #expect(!users.contains { $0["email"]?.stringValue == email })
        }
    }
}
