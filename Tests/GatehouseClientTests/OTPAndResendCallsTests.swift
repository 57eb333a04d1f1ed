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

/// Magic link / email OTP, verification of every `type`, and `resend` (gotrue-extended §6-7):
/// the exact requests the SDK sends and what it makes of the answers.
@Suite("GoTrue: signInWithOTP, verifyOTP, resend")
struct OTPAndResendCallsTests {
    let clock = FixedClock()

    @Test func signInWithOTPPostsTheAddressWithAPKCEChallenge() async throws {
        let server = ScriptedGoTrue { _ in .json("{}") }
        let client = Scripted.client(server, clock: clock)
        try await client.signInWithOTP(email: "m@example.com", shouldCreateUser: false, data: ["plan": .string("free")])
        let request = try #require(server.requests(path: "/otp").first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/auth/v1/otp")
        #expect(request.query("redirect_to") == "myapp://auth/callback")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "X-Supabase-Api-Version") == "2024-01-01")
        let body = try #require(request.jsonObject)
        #expect(body["email"] as? String == "m@example.com")
        #expect(body["create_user"] as? Bool == false)
        #expect((body["data"] as? [String: Any])?["plan"] as? String == "free")
        #expect(body["code_challenge_method"] as? String == "s256")
        #expect((body["code_challenge"] as? String)?.count == 43)
    }

    @Test func signInWithOTPCreatesUsersByDefaultAndSendsNoChallengeInTheImplicitFlow() async throws {
        let server = ScriptedGoTrue { _ in .json("{}") }
        let client = Scripted.client(server, clock: clock) { $0.flowType = .implicit }
        try await client.signInWithOTP(email: "m@example.com")
        let body = try #require(server.requests(path: "/otp").first?.jsonObject)
        #expect(body["create_user"] as? Bool == true)
        #expect(body["code_challenge"] == nil)
        #expect(body["data"] == nil)
    }

    @Test func otpForAnUnknownAddressWithoutSignUpsIsTheSignUpsDisabledText() async throws {
        let server = ScriptedGoTrue { _ in .error("otp_disabled", status: 422) }
        let client = Scripted.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signInWithOTP(email: "nobody@example.com", shouldCreateUser: false)
        }
        #expect(error?.apiError?.code.rawValue == "otp_disabled")
        #expect(error?.userFacingMessage == UserFacingText.signupDisabled)
    }

    @Test(arguments: [OTPType.email, .magiclink, .signup, .invite, .recovery])
    func verifyingAnEmailedCodeSignsIn(type: OTPType) async throws {
        let answer = Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now.addingTimeInterval(3600))
        let server = ScriptedGoTrue { _ in .json(answer) }
        let client = Scripted.client(server, clock: clock)
        let events = EventLog(client)
        let session = try await client.verifyOTP(email: "alice@example.com", token: "123456", type: type)
        let request = try #require(server.requests(path: "/verify").first)
        #expect(request.httpMethod == "POST")
        #expect(request.jsonBody == ["type": type.rawValue, "email": "alice@example.com", "token": "123456"])
        #expect(session.accessToken == "access-alice")
        #expect(await client.currentSession()?.accessToken == "access-alice")
        let expected: [AuthChangeEvent] = type == .recovery ? [.signedIn, .passwordRecovery] : [.signedIn]
        #expect(await events.wait(count: expected.count) == expected)
    }

    @Test func verifyingATokenHashSendsOnlyTheHashAndType() async throws {
        let answer = Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now.addingTimeInterval(3600))
        let server = ScriptedGoTrue { _ in .json(answer) }
        let client = Scripted.client(server, clock: clock)
        _ = try await client.verifyOTP(tokenHash: "pkce_abc", type: .magiclink)
        #expect(server.requests(path: "/verify").first?.jsonBody == ["type": "magiclink", "token_hash": "pkce_abc"])
    }

    @Test func anExpiredCodeIsTheInvalidLinkText() async throws {
        let server = ScriptedGoTrue { _ in .error("otp_expired", status: 403) }
        let client = Scripted.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.verifyOTP(email: "alice@example.com", token: "000000", type: .email)
        }
        #expect(error?.userFacingMessage == UserFacingText.resetLinkInvalid)
        #expect(await client.currentSession() == nil)
    }

    @Test func theFirstOfTwoEmailChangeConfirmationsIsPendingWithoutASession() async throws {
        let pending = #"{"msg":"Confirmation link accepted. Please proceed to confirm link sent to the other email","code":"200"}"#
        let session = Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now.addingTimeInterval(3600))
        let server = ScriptedGoTrue { request in
            request.jsonBody["email"] == "old@example.com" ? .json(pending) : .json(session)
        }
        let client = Scripted.client(server, clock: clock)
        let first = try await client.verifyEmailChange(email: "old@example.com", token: "118204")
        guard case .pending(let waiting) = first else {
            Issue.record("expected pending, got \(first)")
            return
        }
        #expect(waiting.message.hasPrefix("Confirmation link accepted."))
        #expect(await client.currentSession() == nil)
        #expect(server.requests.first?.jsonBody == ["type": "email_change", "email": "old@example.com", "token": "118204"])

        // The session-returning call says the same as an error, not as a broken answer.
        await #expect(throws: EmailChangePending.self) {
            try await client.verifyOTP(email: "old@example.com", token: "118204", type: .emailChange)
        }

        let second = try await client.verifyEmailChange(email: "new@example.com", token: "550913")
        guard case .completed(let opened) = second else {
            Issue.record("expected a session, got \(second)")
            return
        }
        #expect(opened.accessToken == "access-alice")
        #expect(await client.currentSession()?.accessToken == "access-alice")
    }

    @Test(arguments: [EmailResendType.signup, .emailChange])
    func resendPostsTheTypeAndTheCurrentAddress(type: EmailResendType) async throws {
        let server = ScriptedGoTrue { _ in .json("{}") }
        let client = Scripted.client(server, clock: clock) { $0.flowType = .implicit }
        try await client.resend(type: type, email: "alice@example.com")
        let request = try #require(server.requests(path: "/resend").first)
        #expect(request.httpMethod == "POST")
        #expect(request.query("redirect_to") == "myapp://auth/callback")
        #expect(request.jsonBody == ["type": type.rawValue, "email": "alice@example.com"])
    }

    @Test func resendIsRateLimitedWithTheServersWait() async throws {
        let server = ScriptedGoTrue { _ in
            .json(
                #"{"code":"over_email_send_rate_limit","message":"For security purposes, you can only request this after 42 seconds."}"#,
                status: 429)
        }
        let client = Scripted.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) { try await client.resend(type: .emailChange, email: "a@example.com") }
        #expect(error?.retryAfterSeconds == 42)
        #expect(error?.userFacingMessage == UserFacingText.tooManyRequests(retryAfterSeconds: 42))
    }
}
