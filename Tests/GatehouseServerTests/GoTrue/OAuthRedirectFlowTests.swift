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

/// GoTrue's web redirect flow against a provider on loopback (`OAuthFakeProvider`): `/authorize`
/// sends the browser to the provider with a state, a nonce and a PKCE challenge, and `/callback`
/// exchanges the code and lands in the app with a session (implicit) or a code (PKCE).
@Suite("OAuth redirect flow")
struct OAuthRedirectFlowTests {
    static let appTarget = WebFormClient.escape(OAuthTestSettings.app)

    @Test("/authorize: 302 to the provider with state, nonce, PKCE and the callback; the binding cookie", arguments: Backend.all)
    func authorizationRequest(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }) { api in
                var browser = WebFormClient(api)
                let reply = try await browser.get(
                    "/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)&prompt=login&state=forged")
                let sent = try OAuthAuthorizationSent(reply)
                #expect(reply.status == .found)
                #expect(sent.location.hasPrefix(provider.base + "/authorize?"))
                #expect(sent.parameters["response_type"] == "code")
                #expect(sent.parameters["client_id"] == OAuthFakeProvider.clientId)
                #expect(sent.parameters["redirect_uri"] == ServerConfiguration.defaultExternalURL + "/auth/v1/callback")
                #expect(sent.parameters["scope"] == "openid email profile")
                #expect(sent.parameters["code_challenge_method"] == "S256")
                #expect(sent.codeChallenge?.count == 43)
                #expect(sent.nonce?.count == 64)
                #expect(sent.state.count == 43 && sent.state != "forged", "the app cannot choose the state")
                #expect(sent.parameters["prompt"] == "login", "the app's own parameters go on to the provider")
                #expect(sent.location.contains("scope=openid%20email%20profile"))
                let cookie = try #require(reply.headers[values: .setCookie].first { $0.hasPrefix("gatehouse_oauth=") })
                for attribute in ["HttpOnly", "Path=/", "Max-Age=600", "SameSite=Lax"] { #expect(cookie.contains(attribute), "\(cookie)") }

                let again = try OAuthAuthorizationSent(try await browser.get("/authorize?provider=mock"))
                #expect(again.state != sent.state && again.nonce != sent.nonce, "every flow has its own state and nonce")
            }
        }
    }

    @Test("an unknown, disabled or missing provider is 400 validation_failed, as GoTrue answers", arguments: Backend.all)
    func unknownProvider(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }) { api in
                for query in ["provider=github", "provider=", ""] {
                    let reply = try await api.send(.get, "/authorize?\(query)")
                    #expect(reply.status == .badRequest, "\(query): \(reply)")
                    #expect(reply.errorCode == "validation_failed", "\(query): \(reply)")
                    #expect(reply.message?.hasPrefix("Unsupported provider") == true, "\(reply)")
                }
                let pkce = try await api.send(.get, "/authorize?provider=mock&code_challenge=short&code_challenge_method=s256")
                #expect(pkce.status == .badRequest && pkce.errorCode == "validation_failed", "\(pkce)")
            }
        }
    }

    @Test("implicit flow: the session and the provider's token in the fragment; a new account with the identity", arguments: Backend.all)
    func implicitFlow(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }) { api in
                var browser = WebFormClient(api)
                let email = TestServer.uniqueEmail("oauth")
                let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
                provider.grant("code-1", subject: "sub-1", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
                let reply = try await browser.callback(code: "code-1", state: sent.state)
                #expect(reply.status == .found)
                let landing = try OAuthLanding(reply)
                #expect(landing.base == OAuthTestSettings.app)
                #expect(landing.fragment["token_type"] == "bearer" && landing.fragment["provider_token"] == "provider-access-token")
                #expect(landing.fragment.keys.contains("sb") && landing.fragment["expires_in"] == "3600")
                let accessToken = try #require(landing.fragment["access_token"])
                let user = try await api.user(accessToken)
                #expect(user["email"]?.stringValue == email)
                let identity = try #require(user["identities"]?.arrayValue?.first { $0["provider"]?.stringValue == "mock" })
                #expect(identity["id"]?.stringValue == "sub-1")
                #expect(try jwtPayload(accessToken)["amr"]?[0]?["method"]?.stringValue == "oauth")
                let refreshed = try await api.refresh(try #require(landing.fragment["refresh_token"]))
                #expect(refreshed.status == .ok, "\(refreshed)")

                // What the provider was asked: the code with our secret, redirect URI and PKCE verifier.
                let request = try #require(provider.recordedTokenRequests.last)
                #expect(request["client_secret"] == OAuthFakeProvider.clientSecret)
                #expect(request["redirect_uri"] == ServerConfiguration.defaultExternalURL + "/auth/v1/callback")
                #expect(request["code_verifier"]?.count == 43)
            }
        }
    }

    @Test("PKCE: ?code= for /token?grant_type=pkce, exchanged once with the app's verifier", arguments: Backend.all)
    func pkceFlow(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }) { api in
                var browser = WebFormClient(api)
                let verifier = String(repeating: "v", count: 50)
                let challenge = OAuthAuthorizationRequest.challenge(for: verifier)
                let email = TestServer.uniqueEmail("pkce")
                let sent = try await browser.startFlow(
                    "/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)&code_challenge=\(challenge)&code_challenge_method=s256")
                #expect(sent.codeChallenge != challenge, "the provider gets Gatehouse's own challenge, not the app's")
                provider.grant("code-2", subject: "sub-2", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
                let landing = try OAuthLanding(try await browser.callback(code: "code-2", state: sent.state))
                #expect(landing.base == OAuthTestSettings.app && landing.fragment.isEmpty)
                let code = try #require(landing.query["code"])
                let wrong = try await api.send(.post, "/token?grant_type=pkce", json: ["auth_code": code, "code_verifier": "w" + verifier])
                #expect(wrong.status != .ok)

                let sent2 = try await browser.startFlow(
                    "/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)&code_challenge=\(challenge)&code_challenge_method=s256")
                provider.grant("code-3", subject: "sub-2", email: email, nonce: sent2.nonce, codeChallenge: sent2.codeChallenge)
                let code2 = try #require(try OAuthLanding(try await browser.callback(code: "code-3", state: sent2.state)).query["code"])
                let session = try TestSession(
                    try await api.send(.post, "/token?grant_type=pkce", json: ["auth_code": code2, "code_verifier": verifier]))
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == email)
                let again = try await api.send(.post, "/token?grant_type=pkce", json: ["auth_code": code2, "code_verifier": verifier])
                #expect(again.status == .notFound && again.errorCode == "flow_state_not_found", "\(again)")
            }
        }
    }

    @Test("Apple: name email, form_post, no PKCE; the form post signs in and keeps the name", arguments: Backend.all)
    func appleFormPost(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            let apple = provider.provider(name: "apple", kind: .apple)
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [apple]) }) { api in
                var browser = WebFormClient(api)
                let sent = try await browser.startFlow("/auth/v1/authorize?provider=apple&redirect_to=\(Self.appTarget)&scopes=openid")
                #expect(sent.parameters["response_mode"] == "form_post")
                #expect(sent.parameters["scope"] == "name email", "Apple takes only its own scopes")
                #expect(sent.codeChallenge == nil && sent.nonce != nil)
                let email = TestServer.uniqueEmail("apple")
                provider.grant("apple-code", subject: "001234.apple", email: email, nonce: sent.nonce, codeChallenge: nil)
                let user = #"{"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"\#(email)"}"#
                let reply = try await browser.post(
                    "/auth/v1/callback", ["state": sent.state, "code": "apple-code", "user": user],
                    headers: [.origin: "https://appleid.apple.com"])
                #expect(reply.status == .found, "\(reply)")
                let accessToken = try #require(try OAuthLanding(reply).fragment["access_token"])
                let profile = try await api.user(accessToken)
                #expect(profile["user_metadata"]?["full_name"]?.stringValue == "Ada Lovelace", "\(profile)")
                #expect(provider.recordedTokenRequests.last?["code_verifier"] == nil)
            }
        }
    }

    @Test("redirect_to: an allowed target is kept, another falls back to the site URL", arguments: Backend.all)
    func redirectPolicy(backend: Backend) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(backend, configure: { OAuthTestSettings.configure(&$0, providers: [provider.provider()]) }) { api in
                var browser = WebFormClient(api)
                let email = TestServer.uniqueEmail("policy")
                for (index, (target, expected)) in [
                    ("https://evil.example.net/steal", OAuthTestSettings.site), ("", OAuthTestSettings.site),
                    ("https://app.example.com/other", "https://app.example.com/other"),
                ].enumerated() {
                    let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(WebFormClient.escape(target))")
                    provider.grant(
                        "policy-\(index)", subject: "sub-policy", email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
                    let landing = try OAuthLanding(try await browser.callback(code: "policy-\(index)", state: sent.state))
                    #expect(landing.base == expected, "\(target) -> \(landing.location)")
                    #expect(landing.fragment["access_token"] != nil)
                }
            }
        }
    }
}
