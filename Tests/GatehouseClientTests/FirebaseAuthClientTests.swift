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

/// `FirebaseAuthClient` over Firebase's REST API: the requests it sends,
/// the session it keeps, refresh through securetoken, password change with new tokens, reset
/// links, and Firebase's errors as the specs' texts.
@Suite("FirebaseAuthClient")
struct FirebaseAuthClientTests {
    let clock = FixedClock()

    @Test func signInPostsThePasswordThenLooksTheUserUp() async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        let events = EventLog(client)
        let session = try await client.signIn(email: "alice@example.com", password: "pw-123456")

        let requests = server.requests
        #expect(requests.map { $0.url?.lastPathComponent } == ["accounts:signInWithPassword", "accounts:lookup"])
        #expect(
            requests[0].url?.absoluteString
                == "https://auth.example.com/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=web-key")
        let body = try #require(requests[0].jsonObject)
        #expect(body["email"] as? String == "alice@example.com")
        #expect(body["password"] as? String == "pw-123456")
        #expect(body["returnSecureToken"] as? Bool == true)
        #expect(requests[1].jsonBody == ["idToken": "id-1"])

        #expect(session.accessToken == "id-1")
        #expect(session.refreshToken == "refresh-1")
        #expect(session.expiresIn == 3600, "expiresIn arrives as the string \"3600\"")
        #expect(session.expiresAt == Int64(clock.now.timeIntervalSince1970) + 3600)
        #expect(session.user.id == "uid-1")
        #expect(session.user.email == "alice@example.com")
        #expect(session.user.emailConfirmedAt == nil, "emailVerified is false")
        #expect(session.user.createdAt == Timestamp(microsecondsSinceEpoch: 1_767_000_000_000_000))
        #expect(session.user.lastSignInAt == Timestamp(microsecondsSinceEpoch: 1_767_000_500_000_000))
        #expect(await client.currentSession() == session)
        #expect(await events.wait(count: 1) == [.signedIn])
    }

    @Test(arguments: ["INVALID_LOGIN_CREDENTIALS", "INVALID_PASSWORD", "EMAIL_NOT_FOUND"])
    func wrongPasswordAndUnknownAddressReadTheSame(name: String) async throws {
        let server = ScriptedFirebase.server(["signInWithPassword": ScriptedFirebase.error(name)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) { try await client.signIn(email: "a@example.com", password: "x") }
        #expect(error?.userFacingMessage == UserFacingText.invalidCredentials)
        #expect(await client.currentSession() == nil)
    }

    @Test func aSignInWaitingForTheSecondFactorIsATypedErrorNotASession() async throws {
        let pending =
            #"{"kind":"identitytoolkit#VerifyPasswordResponse","localId":"uid-1","email":"alice@example.com","displayName":"","registered":true,"mfaPendingCredential":"pending-1","mfaInfo":[{"mfaEnrollmentId":"f-1","enrolledAt":"2026-01-01T00:00:00Z","totpInfo":{}}]}"#
        let server = ScriptedFirebase.server(["signInWithPassword": .json(pending), "lookup": .json(ScriptedFirebase.lookup)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signIn(email: "alice@example.com", password: "pw-123456")
        }
        #expect(error?.apiError?.code == AuthErrorCode("insufficient_aal"), "\(String(describing: error))")
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.authenticatorCodeRequired)
        #expect(server.requests.map { $0.url?.lastPathComponent } == ["accounts:signInWithPassword"], "no lookup without a token")
        #expect(await client.currentSession() == nil)
    }

    @Test func signUpSignsInAtOnce() async throws {
        let server = ScriptedFirebase.server([
            "signUp": .json(ScriptedFirebase.tokens(kind: "SignupNewUserResponse")), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        let result = try await client.signUp(email: "alice@example.com", password: "pw-123456", data: nil, redirectTo: nil)
        guard case .signedIn(let session) = result else {
            Issue.record("expected a session, got \(result)")
            return
        }
        #expect(session.user.id == "uid-1")
        #expect(server.requests.first?.url?.lastPathComponent == "accounts:signUp")
    }

    @Test(arguments: [
        ("EMAIL_EXISTS", UserFacingText.accountAlreadyExists),
        ("WEAK_PASSWORD : Password should be at least 6 characters", UserFacingText.passwordTooShort(minimum: 6)),
        ("INVALID_EMAIL", UserFacingText.invalidEmail),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", UserFacingText.tooManyRequests(retryAfterSeconds: 60)),
    ])
    func signUpRefusalsHaveTheSpecsTexts(message: String, text: String) async throws {
        let server = ScriptedFirebase.server(["signUp": ScriptedFirebase.error(message)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signUp(email: "a@example.com", password: "abc", data: nil, redirectTo: nil)
        }
        #expect(error?.userFacingMessage == text)
    }

    @Test func anExpiringTokenIsRefreshedThroughSecureTokenWithAForm() async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens(refreshToken: "r+1/2=")), "lookup": .json(ScriptedFirebase.lookup),
            "token": .json(
                #"{"access_token":"id-2","expires_in":"3600","token_type":"Bearer","refresh_token":"refresh-2","id_token":"id-2","user_id":"uid-1","project_id":"1234"}"#
            ),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        #expect(try await client.session.accessToken == "id-1", "fresh: no refresh")
        clock.advance(by: 3400)
        let events = EventLog(client)
        let session = try await client.session
        #expect(session.accessToken == "id-2")
        #expect(session.refreshToken == "refresh-2")
        #expect(session.user.id == "uid-1")
        let refresh = try #require(server.requests.last)
        #expect(refresh.url?.absoluteString == "https://auth.example.com/securetoken.googleapis.com/v1/token?key=web-key")
        #expect(refresh.httpMethod == "POST")
        #expect(refresh.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(refresh.bodyText == "grant_type=refresh_token&refresh_token=r%2B1%2F2%3D")
        #expect(await client.currentSession()?.accessToken == "id-2")
        _ = try await client.refreshSession()
        #expect(await events.wait(count: 1) == [.tokenRefreshed])
    }

    @Test(arguments: ["TOKEN_EXPIRED", "USER_NOT_FOUND", "USER_DISABLED", "INVALID_REFRESH_TOKEN"])
    func aRevokedRefreshTokenEndsTheSession(name: String) async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
            "token": ScriptedFirebase.error(name),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        let events = EventLog(client)
        clock.advance(by: 3600)
        await #expect(throws: AuthClientError.self) { try await client.session }
        #expect(await client.currentSession() == nil)
        #expect(await events.wait(count: 1) == [.signedOut])
        #expect(events.changes.first?.endReason == .refused)
    }

    @Test func aPasswordChangeSwapsInTheNewTokens() async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
            "update": .json(
                #"{"kind":"identitytoolkit#SetAccountInfoResponse","localId":"uid-1","email":"alice@example.com","idToken":"id-new","refreshToken":"refresh-new","expiresIn":"3600"}"#
            ),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        let events = EventLog(client)
        let user = try await client.updatePassword("new-password-1")
        #expect(user.id == "uid-1")
        let request = try #require(server.requests.last)
        #expect(request.url?.lastPathComponent == "accounts:update")
        let body = try #require(request.jsonObject)
        #expect(body["idToken"] as? String == "id-1")
        #expect(body["password"] as? String == "new-password-1")
        #expect(body["returnSecureToken"] as? Bool == true)
        let session = await client.currentSession()
        #expect(session?.accessToken == "id-new")
        #expect(session?.refreshToken == "refresh-new")
        #expect(await events.wait(count: 1) == [.userUpdated])
    }

    @Test func lookupAnswersTheUserRecord() async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        let info = try await client.lookup()
        #expect(info.localId == "uid-1")
        #expect(info.createdAt == "1767000000000")
        #expect(info.emailVerified == false)
    }

    @Test func signOutForgetsTheSessionWithoutARequest() async throws {
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        let events = EventLog(client)
        let sent = server.requests.count
        try await client.signOut(scope: .local)
        #expect(await client.currentSession() == nil)
        #expect(server.requests.count == sent)
        #expect(await events.wait(count: 1) == [.signedOut])
    }

    @Test func aRememberedSessionIsRestoredByTheNextClient() async throws {
        let storage = MemorySessionStorage()
        let server = ScriptedFirebase.server([
            "signInWithPassword": .json(ScriptedFirebase.tokens()), "lookup": .json(ScriptedFirebase.lookup),
        ])
        try await ScriptedFirebase.client(server, clock: clock, storage: storage).signIn(email: "alice@example.com", password: "p")
        #expect(await ScriptedFirebase.client(server, clock: clock, storage: storage).restoreSession()?.accessToken == "id-1")
        try await ScriptedFirebase.client(server, clock: clock, storage: storage).signIn(
            email: "alice@example.com", password: "p", rememberMe: false)
        #expect(await ScriptedFirebase.client(server, clock: clock, storage: storage).restoreSession() == nil)
    }

    @Test func aResetEmailIsASendOobCodeWithTheContinueURL() async throws {
        let server = ScriptedFirebase.server(["sendOobCode": .json(ScriptedFirebase.oobAnswer)])
        let client = ScriptedFirebase.client(server, clock: clock)
        try await client.resetPasswordForEmail("alice@example.com")
        #expect(
            server.requests.first?.jsonBody == [
                "requestType": "PASSWORD_RESET", "email": "alice@example.com", "continueUrl": "https://app.example.com/after-reset",
            ])
    }

    @Test func aResetLinkOpensARecoveryThatSetsThePasswordWithTheCode() async throws {
        let server = ScriptedFirebase.server(["resetPassword": .json(ScriptedFirebase.resetAnswer)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let events = EventLog(client)
        let link = try #require(
            URL(string: "https://auth.example.com/__/auth/action?mode=resetPassword&oobCode=oob-7&apiKey=web-key&lang=en"))
        #expect(client.acceptsLink(link))
        let recovery = try await client.session(from: link)
        #expect(recovery.user.email == "alice@example.com")
        #expect(!recovery.accessToken.contains("oob-7"), "the code is not handed out as a token")
        #expect(await client.recoverySession() == recovery)
        #expect(await client.currentSession() == nil, "checking a code signs nobody in")
        #expect(server.requests.first?.jsonBody == ["oobCode": "oob-7"])

        _ = try await client.updatePassword("new-password-1", using: recovery)
        #expect(server.requests.last?.jsonBody == ["oobCode": "oob-7", "newPassword": "new-password-1"])
        await client.finishRecovery(recovery, keepSignedIn: false)
        #expect(await client.recoverySession() == nil)
        #expect(await events.wait(count: 2) == [.passwordRecovery, .signedOut])
    }

    @Test func otherLinksAreRefusedBeforeAnyRequest() async throws {
        let server = ScriptedFirebase.server([:])
        let client = ScriptedFirebase.client(server, clock: clock)
        let link = try #require(URL(string: "https://auth.example.com/__/auth/action?mode=verifyEmail&oobCode=oob-7"))
        #expect(!client.acceptsLink(link))
        await #expect(throws: AuthClientError.self) { try await client.session(from: link) }
        #expect(server.requests.isEmpty)
    }

    @Test func aUsedCodeIsTheInvalidLinkText() async throws {
        let server = ScriptedFirebase.server(["resetPassword": ScriptedFirebase.error("INVALID_OOB_CODE")])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.verifyOTP(email: "alice@example.com", token: "oob-used", type: .recovery)
        }
        #expect(error?.userFacingMessage == UserFacingText.resetLinkInvalid)
    }
}
