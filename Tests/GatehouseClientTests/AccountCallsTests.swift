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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reauthentication, password change with a nonce, email change, anonymous sign-in and the user
/// fields these flows add (gotrue-extended §5, §6, §8, §11).
@Suite("GoTrue: reauthenticate, updateUser, signInAnonymously")
struct AccountCallsTests {
    let clock = FixedClock()

    static let pendingUser =
        #"{"id":"aaaaaaaa-0000-4000-8000-000000000001","aud":"authenticated","role":"authenticated","email":"old@example.com","new_email":"new@example.com","email_change_sent_at":"2026-02-01T10:00:00Z","invited_at":"2026-01-01T00:00:00Z","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-02-01T10:00:00Z"}"#

    /// A client signed in as alice with access token `access-1`; `respond` answers everything else.
    func signedIn(
        flow: AuthFlowType = .pkce, _ respond: @escaping @Sendable (URLRequest) -> ScriptedGoTrue.Answer
    ) async throws -> (AuthClient, ScriptedGoTrue) {
        let expiry = clock.now.addingTimeInterval(3600)
        let server = ScriptedGoTrue { request in
            if request.url?.path.hasSuffix("/token") == true {
                return .json(ScriptedExtended.session(accessToken: "access-1", expiresAt: expiry))
            }
            return respond(request)
        }
        let client = Scripted.client(server, clock: clock) { $0.flowType = flow }
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        return (client, server)
    }

    @Test func reauthenticateIsAnAuthorizedGetWithoutBody() async throws {
        let (client, server) = try await signedIn { _ in .json("{}") }
        try await client.reauthenticate()
        let request = try #require(server.requests(path: "/reauthenticate").first)
        #expect(request.httpMethod == "GET")
        #expect(request.bearer == "access-1")
        #expect(request.httpBody == nil)
    }

    @Test func reauthenticateForAnUnconfirmedAddressSaysSo() async throws {
        let (client, _) = try await signedIn { _ in .error("email_not_confirmed", status: 422) }
        let error = await #expect(throws: AuthClientError.self) { try await client.reauthenticate() }
        #expect(error?.userFacingMessage == UserFacingText.emailNotConfirmed)
    }

    @Test func reauthenticateWithoutASessionSendsNothing() async throws {
        let server = ScriptedGoTrue { _ in .json("{}") }
        let client = Scripted.client(server, clock: clock)
        await #expect(throws: AuthClientError.sessionMissing) { try await client.reauthenticate() }
        #expect(server.requests.isEmpty)
    }

    @Test func passwordWithNonceIsSentAndTheUserReplaced() async throws {
        let user = Scripted.userJSON(id: Scripted.alice, email: "alice@example.com")
        let (client, server) = try await signedIn { _ in .json(user) }
        let events = EventLog(client)
        _ = try await client.updateUser(password: "new-password-1", nonce: "482913")
        let request = try #require(server.requests(path: "/user").first)
        #expect(request.httpMethod == "PUT")
        #expect(request.bearer == "access-1")
        #expect(request.jsonBody == ["password": "new-password-1", "nonce": "482913"])
        #expect(request.query("redirect_to") == nil)
        #expect(await events.wait(count: 1) == [.userUpdated])
    }

    @Test(arguments: [
        ("reauthentication_needed", 400, UserFacingText.AccountSecurity.reauthenticationNeeded),
        ("reauthentication_not_valid", 422, UserFacingText.AccountSecurity.reauthenticationCodeInvalid),
        ("insufficient_aal", 401, UserFacingText.AccountSecurity.authenticatorCodeRequired),
        ("same_password", 422, UserFacingText.samePassword),
    ])
    func passwordChangeRefusalsHaveTheirTexts(code: String, status: Int, text: String) async throws {
        let (client, _) = try await signedIn { _ in .error(code, status: status) }
        let error = await #expect(throws: AuthClientError.self) { try await client.updateUser(password: "new-password-1", nonce: "1") }
        #expect(error?.apiError?.code.rawValue == code)
        #expect(error?.userFacingMessage == text)
        #expect(await client.currentSession() != nil, "a refused change keeps the session")
    }

    @Test func emailChangeSendsTheAddressWithAChallengeAndParsesThePendingFields() async throws {
        let (client, server) = try await signedIn { _ in .json(Self.pendingUser) }
        let user = try await client.updateUser(email: "new@example.com")
        let request = try #require(server.requests(path: "/user").first)
        #expect(request.httpMethod == "PUT")
        #expect(request.query("redirect_to") == "myapp://auth/callback")
        let body = try #require(request.jsonObject)
        #expect(body["email"] as? String == "new@example.com")
        #expect(body["code_challenge_method"] as? String == "s256")
        #expect(body["password"] == nil)
        #expect(user.email == "old@example.com")
        #expect(user.newEmail == "new@example.com")
        #expect(user.emailChangeSentAt == Timestamp(rfc3339: "2026-02-01T10:00:00Z"))
        #expect(user.invitedAt == Timestamp(rfc3339: "2026-01-01T00:00:00Z"))
        #expect(await client.currentSession()?.user.newEmail == "new@example.com")
    }

    @Test func anAddressTakenByAnotherAccountIsTheAccountExistsText() async throws {
        let (client, _) = try await signedIn(flow: .implicit) { _ in .error("email_exists", status: 422) }
        let error = await #expect(throws: AuthClientError.self) { try await client.updateUser(email: "taken@example.com") }
        #expect(error?.userFacingMessage == UserFacingText.accountAlreadyExists)
    }

    @Test func anonymousSignInPostsDataOnlyAndKeepsTheSession() async throws {
        let anonymous = ScriptedExtended.session(accessToken: "access-anon", expiresAt: clock.now.addingTimeInterval(3600))
            .replacingOccurrences(of: #""email":"alice@example.com""#, with: #""email":"","is_anonymous":true"#)
        let server = ScriptedGoTrue { _ in .json(anonymous) }
        let client = Scripted.client(server, clock: clock)
        let events = EventLog(client)
        let session = try await client.signInAnonymously(data: ["theme": .string("dark")])
        let request = try #require(server.requests(path: "/signup").first)
        #expect(request.httpMethod == "POST")
        let body = try #require(request.jsonObject)
        #expect(Set(body.keys) == ["data"])
        #expect((body["data"] as? [String: Any])?["theme"] as? String == "dark")
        #expect(session.user.isAnonymous)
        #expect(await client.currentSession()?.user.isAnonymous == true)
        #expect(await events.wait(count: 1) == [.signedIn])

        _ = try await client.signInAnonymously()
        #expect(server.requests(path: "/signup").last?.bodyText == "{}")
    }

    @Test func anonymousSignInSwitchedOffHasItsText() async throws {
        let server = ScriptedGoTrue { _ in .error("anonymous_provider_disabled", status: 422) }
        let client = Scripted.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) { try await client.signInAnonymously() }
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.guestSignInDisabled)
        #expect(await client.currentSession() == nil)
    }

    @Test func anAnonymousUserBecomesPermanentWithEmailAndPassword() async throws {
        let (client, server) = try await signedIn(flow: .implicit) { _ in .json(Self.pendingUser) }
        _ = try await client.update(user: UserAttributes(email: "new@example.com", password: "pw-abcdefgh"))
        #expect(server.requests(path: "/user").first?.jsonBody == ["email": "new@example.com", "password": "pw-abcdefgh"])
    }
}
