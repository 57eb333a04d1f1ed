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
import Synchronization
import Testing

@testable import GatehouseClient

/// `AuthClient.signInWithOAuth` with a fake browser in place of `ASWebAuthenticationSession`:
/// the `/authorize` URL, the callback's checks (its place, its error, its code), and the code
/// exchanged with this flow's own verifier.
@Suite("Web sign-in flow")
struct OAuthWebFlowTests {
    let clock = FixedClock()

    func server() -> ScriptedGoTrue {
        ScriptedGoTrue { [clock] request in
            guard request.url?.path.hasSuffix("/token") == true else { return .error("not_found", status: 404) }
            return .json(Scripted.session("google", id: Scripted.alice, expiresAt: clock.now.addingTimeInterval(3600)))
        }
    }

    @Test func theProviderPageOpensAndTheCallbacksCodeIsExchangedWithThisFlowsVerifier() async throws {
        let server = server()
        let storage = MemorySessionStorage()
        let client = Scripted.client(server, clock: clock, storage: storage)
        let events = EventLog(client)
        let browser = FakeBrowser { _ in URL(string: "myapp://auth/callback?code=code-1")! }
        let session = try await client.signInWithOAuth(provider: .google, using: browser)

        let (opened, scheme) = try #require(browser.opened.first)
        #expect(scheme == "myapp")
        let components = try #require(URLComponents(url: opened, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "auth.example.com")
        #expect(components.path == "/auth/v1/authorize")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query.keys.sorted() == ["code_challenge", "code_challenge_method", "provider", "redirect_to"])
        #expect(query["provider"] == "google")
        #expect(query["redirect_to"] == "myapp://auth/callback")
        #expect(query["code_challenge_method"] == "s256")

        #expect(server.requests.count == 1, "nothing is sent before the callback")
        let exchange = try #require(server.requests.first)
        #expect(exchange.url?.absoluteString == "https://auth.example.com/auth/v1/token?grant_type=pkce")
        let body = exchange.jsonBody
        #expect(body["auth_code"] == "code-1")
        let verifier = try #require(body["code_verifier"])
        #expect(PKCE.challenge(for: verifier) == query["code_challenge"], "the exchange proves the challenge the page was opened with")

        #expect(session.accessToken == "access-google")
        #expect(await client.currentSession() == session)
        #expect(await events.wait(count: 1) == [.signedIn])
        #expect(try storage.load(key: client.configuration.storageKey + "-code-verifier") == nil, "the verifier never touches storage")
    }

    @Test func scopesAndExtraParametersGoAlongButCannotReplaceTheFlows() async throws {
        let server = server()
        let client = Scripted.client(server, clock: clock)
        let browser = FakeBrowser { _ in URL(string: "myapp://auth/callback?code=code-1")! }
        try await client.signInWithOAuth(
            provider: .openIDConnect("acme"), scopes: "openid email",
            queryItems: [URLQueryItem(name: "prompt", value: "login"), URLQueryItem(name: "code_challenge", value: "attacker")],
            using: browser)
        let opened = try #require(browser.opened.first?.0)
        let items = URLComponents(url: opened, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "provider" }?.value == "acme")
        #expect(items.first { $0.name == "scopes" }?.value == "openid email")
        #expect(items.first { $0.name == "prompt" }?.value == "login")
        #expect(items.filter { $0.name == "code_challenge" }.count == 1)
        #expect(items.first { $0.name == "code_challenge" }?.value != "attacker")
    }

    @Test(arguments: [
        (
            "myapp://auth/callback?error=access_denied&error_description=The+user+denied+access", AuthErrorCode.accessDenied,
            "The user denied access", FederatedSignInText.refusedAtProvider
        ),
        (
            "myapp://auth/callback#error=invalid_request&error_code=bad_oauth_state&error_description=OAuth%20state%20expired",
            AuthErrorCode.badOAuthState, "OAuth state expired", FederatedSignInText.didNotFinish
        ),
        (
            "myapp://auth/callback?error=invalid_request&error_code=email_exists&error_description=Email+already+registered",
            .emailExists, "Email already registered", FederatedSignInText.accountExistsWithOtherMethod
        ),
        (
            "myapp://auth/callback?error=server_error&error_code=500&error_description=Unexpected", .unexpectedFailure, "Unexpected",
            UserFacingText.serverError
        ),
        ("myapp://auth/callback?error=invalid_request", .badOAuthCallback, "invalid_request", FederatedSignInText.didNotFinish),
    ])
    func anErrorInTheCallbackIsThrownAndNothingIsExchanged(callback: String, code: AuthErrorCode, message: String, text: String)
        async throws
    {
        let server = server()
        let client = Scripted.client(server, clock: clock)
        let browser = FakeBrowser { _ in URL(string: callback)! }
        let error = await #expect(throws: AuthClientError.self) { try await client.signInWithOAuth(provider: .google, using: browser) }
        #expect(error?.apiError?.code == code)
        #expect(error?.apiError?.message == message)
        #expect(error?.apiError?.status == 0)
        #expect(FederatedSignInText.message(for: try #require(error)) == text)
        #expect(server.requests.isEmpty)
        #expect(await client.currentSession() == nil)
    }

    @Test(arguments: [
        "otherapp://auth/callback?code=code-1",
        "myapp://evil.example/callback?code=code-1",
        "myapp://auth/elsewhere?code=code-1",
        "https://auth/callback?code=code-1",
        "myapp://auth/callback",
        "myapp://auth/callback?code=",
        "myapp://auth/callback#code=code-1",
    ])
    func aCallbackToAnotherPlaceOrWithoutACodeIsRefused(callback: String) async throws {
        let server = server()
        let client = Scripted.client(server, clock: clock)
        let browser = FakeBrowser { _ in URL(string: callback)! }
        let error = await #expect(throws: AuthClientError.self) { try await client.signInWithOAuth(provider: .google, using: browser) }
        #expect(error?.apiError?.code == .badOAuthCallback, "\(String(describing: error))")
        #expect(error?.userFacingMessage == FederatedSignInText.didNotFinish)
        #expect(server.requests.isEmpty, "no code from \(callback) is sent anywhere")
        #expect(await client.currentSession() == nil)
    }

    @Test func aRedirectThatIsNotAnAllowedPlaceOrNotTheAppsSchemeOpensNothing() async throws {
        let server = server()
        let client = Scripted.client(server, clock: clock) { configuration in
            configuration.allowedLinks = [AllowedLink(URL(string: "https://app.example.com/auth/callback")!)]
        }
        let browser = FakeBrowser { _ in URL(string: "myapp://auth/callback?code=code-1")! }
        for redirect in ["myapp://other/callback", "https://app.example.com/auth/callback"] {
            let error = await #expect(throws: AuthClientError.self) {
                try await client.signInWithOAuth(provider: .google, redirectTo: URL(string: redirect)!, using: browser)
            }
            guard case .invalidLink = error else {
                Issue.record("\(redirect): expected invalidLink, got \(String(describing: error))")
                continue
            }
        }
        let unconfigured = Scripted.client(server, clock: clock) { $0.redirectURL = nil }
        await #expect(throws: AuthClientError.self) { try await unconfigured.signInWithOAuth(provider: .google, using: browser) }
        #expect(browser.opened.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test func aServerOverPlainHTTPElsewhereIsRefusedBeforeTheBrowserOpens() async throws {
        let server = server()
        let client = Scripted.client(server, clock: clock) { $0.url = URL(string: "http://auth.example.com/auth/v1")! }
        let browser = FakeBrowser { _ in URL(string: "myapp://auth/callback?code=code-1")! }
        await #expect(throws: InsecureURLError.self) { try await client.signInWithOAuth(provider: .google, using: browser) }
        #expect(browser.opened.isEmpty)
    }

    @Test func closingTheBrowserIsACancellationAndSendsNothing() async throws {
        let server = server()
        let client = Scripted.client(server, clock: clock)
        let browser = FakeBrowser { _ in throw WebAuthenticationError.cancelled }
        await #expect(throws: WebAuthenticationError.cancelled) { try await client.signInWithOAuth(provider: .google, using: browser) }
        #expect(server.requests.isEmpty)
        #expect(await client.currentSession() == nil)
    }

    @Test func aRefusedExchangeKeepsNothing() async throws {
        let server = ScriptedGoTrue { _ in .error("flow_state_not_found", status: 404) }
        let client = Scripted.client(server, clock: clock)
        let browser = FakeBrowser { _ in URL(string: "myapp://auth/callback?code=code-1")! }
        let error = await #expect(throws: AuthClientError.self) { try await client.signInWithOAuth(provider: .google, using: browser) }
        #expect(error?.apiError?.code == .flowStateNotFound)
        #expect(await client.currentSession() == nil)
    }
}

/// Stands in for the system's browser sheet: records what it was asked to open, and answers.
final class FakeBrowser: WebAuthenticationSession {
    private let answer: @Sendable (URL) throws -> URL
    private let calls = Mutex<[(URL, String)]>([])

    init(_ answer: @escaping @Sendable (URL) throws -> URL) {
        self.answer = answer
    }

    var opened: [(URL, String)] { calls.withLock { $0 } }

    func authenticate(url: URL, callbackScheme: String) async throws -> URL {
        calls.withLock { $0.append((url, callbackScheme)) }
        return try answer(url)
    }
}
