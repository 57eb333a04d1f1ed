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
import GatehouseClient
import GatehouseCore
import Testing

@Suite("Network failures and error bodies map once to the specs' texts")
struct ErrorMappingTests {
    // The time limit stops a request that would hang (a loaded machine once took 38 s to time
    // out); the one bound asserted is that the timeout did not fire before its 1.5 s.
    @Test(.timeLimit(.minutes(3))) func aServerThatNeverAnswersTimesOut() async throws {
        let silent = try SilentServer()
        var configuration = AuthClientConfiguration(url: URL(string: "http://127.0.0.1:\(silent.port)")!, storage: MemorySessionStorage())
        configuration.requestTimeout = .milliseconds(1500)
        configuration.autoRefreshToken = false
        let client = AuthClient(configuration: configuration)
        let started = ContinuousClock.now
        let error = await #expect(throws: AuthClientError.self) { try await client.signIn(email: "a@example.com", password: "password1") }
        #expect(error == .timedOut)
        #expect(error?.userFacingMessage == UserFacingText.connectionTimedOut)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(1400), "\(elapsed)")
        withExtendedLifetime(silent) {}
    }

    @Test func theDefaultTimeoutIsThirtySeconds() {
        let configuration = AuthClientConfiguration(url: URL(string: "http://127.0.0.1")!, storage: MemorySessionStorage())
        #expect(configuration.requestTimeout == .seconds(30))
    }

    @Test func nobodyListeningIsNoConnection() async throws {
        let port = try SilentServer.closedPort()
        var configuration = AuthClientConfiguration(url: URL(string: "http://127.0.0.1:\(port)")!, storage: MemorySessionStorage())
        configuration.autoRefreshToken = false
        let error = await #expect(throws: AuthClientError.self) {
            try await AuthClient(configuration: configuration).signIn(email: "a@example.com", password: "password1")
        }
        #expect(error == .notConnected)
        #expect(error?.userFacingMessage == UserFacingText.noInternetConnection)
    }

    static func client(_ transport: StubTransport) -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://example.com/auth/v1")!, storage: MemorySessionStorage())
        configuration.transport = transport
        configuration.autoRefreshToken = false
        return AuthClient(configuration: configuration)
    }

    static func signInError(_ transport: StubTransport) async -> AuthClientError? {
        await #expect(throws: AuthClientError.self) { try await client(transport).signIn(email: "a@example.com", password: "password1") }
    }

    @Test func fiveHundredsAreServerErrors() async {
        let page = await Self.signInError(StubTransport(status: 503, body: "<html>Service Unavailable</html>"))
        #expect(page == .server(status: 503))
        #expect(page?.userFacingMessage == UserFacingText.serverError)
        let json = await Self.signInError(StubTransport(status: 500, body: #"{"code":500,"error_code":"unexpected_failure","msg":"boom"}"#))
        #expect(json?.apiError?.code == .unexpectedFailure)
        #expect(json?.userFacingMessage == UserFacingText.serverError)
    }

    @Test func malformedSuccessBodiesAreServerErrors() async {
        let error = await Self.signInError(StubTransport(status: 200, body: #"{"access_token": 42}"#))
        guard case .malformedResponse = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(error?.userFacingMessage == UserFacingText.serverError)
    }

    @Test func everyErrorShapeIsRead() async {
        let modern = await Self.signInError(
            StubTransport(
                status: 400, headers: ["X-Supabase-Api-Version": "2024-01-01"],
                body: #"{"code":"invalid_credentials","message":"Invalid login credentials"}"#
            ))
        #expect(modern?.apiError?.code == .invalidCredentials)
        let legacy = await Self.signInError(
            StubTransport(status: 400, body: #"{"code":400,"error_code":"email_not_confirmed","msg":"Email not confirmed"}"#))
        #expect(legacy?.apiError?.code == .emailNotConfirmed)
        #expect(legacy?.apiError?.message == "Email not confirmed")
        let oauth = await Self.signInError(
            StubTransport(status: 400, body: #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#))
        #expect(oauth?.userFacingMessage == UserFacingText.invalidCredentials)
        let banned = await Self.signInError(
            StubTransport(status: 400, body: #"{"code":400,"error_code":"user_banned","msg":"User is banned"}"#))
        #expect(banned?.userFacingMessage == UserFacingText.accountDisabled)
    }

    /// The server's rule (GatehouseCore's `APIVersion`): only a real date on or after 2024-01-01
    /// means `code` is the error code; anything else is the legacy shape, read by `error_code`.
    @Test func onlyAValidVersionDateSelectsTheModernShape() async {
        let body = #"{"code":"invalid_credentials","error_code":"email_not_confirmed","message":"m"}"#
        for version in ["2024-13-01", "2024-02-30", "2024-1-1"] {
            let error = await Self.signInError(StubTransport(status: 400, headers: ["X-Supabase-Api-Version": version], body: body))
            #expect(error?.apiError?.code == .emailNotConfirmed, "\(version)")
        }
        let modern = await Self.signInError(StubTransport(status: 400, headers: ["X-Supabase-Api-Version": "2025-02-28"], body: body))
        #expect(modern?.apiError?.code == .invalidCredentials)
    }

    @Test func retryAfterComesFromTheHeaderTheDateOrTheMessage() async {
        let header = await Self.signInError(
            StubTransport(
                status: 429, headers: ["Retry-After": "42"],
                body: #"{"error_code":"over_request_rate_limit","msg":"Request rate limit reached"}"#))
        #expect(header?.retryAfterSeconds == 42)
        #expect(header?.userFacingMessage == "Too many attempts. Please try again in 42 seconds.")
        let date = Date().addingTimeInterval(3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let dated = await Self.signInError(StubTransport(status: 429, headers: ["Retry-After": formatter.string(from: date)], body: "{}"))
        // An hour ahead, counted from whenever the answer is read: a loaded machine once took
        // half a minute to get there.
        let seconds = dated?.retryAfterSeconds ?? 0
        #expect((3000...3601).contains(seconds), "\(seconds)")
        #expect(dated?.userFacingMessage == UserFacingText.tooManyRequests(retryAfterSeconds: seconds))
        let worded = await Self.signInError(
            StubTransport(
                status: 429,
                body: #"{"error":"too_many_requests","error_description":"Too many login attempts, please try again after 10 minutes"}"#))
        #expect(worded?.retryAfterSeconds == 600)
        let bare = await Self.signInError(StubTransport(status: 429, body: "slow down"))
        #expect(bare?.retryAfterSeconds == 60)
    }

    /// A signed-in client whose server answers `/logout` with `status` (the session is already
    /// gone there: 401, 403 or 404; or a real failure).
    static func signedInClient(logoutStatus status: Int) async throws -> (AuthClient, ScriptedGoTrue) {
        let server = ScriptedGoTrue { request in
            if request.url!.path.hasSuffix("/logout") { return .error("session_not_found", status: status) }
            return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: Date() + 3600))
        }
        var configuration = AuthClientConfiguration(url: URL(string: "https://example.com")!, storage: MemorySessionStorage())
        configuration.transport = server
        configuration.autoRefreshToken = false
        let client = AuthClient(configuration: configuration)
        _ = try await client.signIn(email: "alice@example.com", password: "password1")
        #expect(await client.currentSession() != nil)
        return (client, server)
    }

    /// The server no longer knows the session (signed out elsewhere, password changed): signing
    /// out still succeeds and clears it here. It must reach the server to find that out.
    @Test(arguments: [401, 403, 404])
    func signOutIgnoresAGoneSession(status: Int) async throws {
        let (client, server) = try await Self.signedInClient(logoutStatus: status)
        try await client.signOut()
        #expect(server.requests(path: "/logout").count == 1)
        #expect(await client.currentSession() == nil)
    }

    /// The contrast that shows the test above can fail: a server error is reported, not ignored
    /// (and the session is still cleared locally).
    @Test func signOutReportsAServerFailure() async throws {
        let (client, server) = try await Self.signedInClient(logoutStatus: 500)
        await #expect(throws: AuthClientError.self) { try await client.signOut() }
        #expect(server.requests(path: "/logout").count == 1)
        #expect(await client.currentSession() == nil)
    }
}
