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

/// `client.mfa` (gotrue-extended §10): enroll, challenge, verify (the aal2 session replaces the
/// current one), unenroll, the factors of the stored user and the assurance level.
@Suite("GoTrue: MFA")
struct MFACallsTests {
    let clock = FixedClock()
    static let factorID = "f1000000-0000-4000-8000-000000000001"
    static let aal1 = ScriptedExtended.jwt(#"{"sub":"a","aal":"aal1","amr":[{"method":"password","timestamp":1767000000}]}"#)
    static let aal2 = ScriptedExtended.jwt(
        #"{"sub":"a","aal":"aal2","amr":[{"method":"totp","timestamp":1767000300},{"method":"password","timestamp":1767000000}]}"#)

    /// A client signed in (aal1) with the given factors on its user.
    func signedIn(
        factors: [String] = [], _ respond: @escaping @Sendable (URLRequest) -> ScriptedGoTrue.Answer
    ) async throws -> (AuthClient, ScriptedGoTrue) {
        let expiry = clock.now.addingTimeInterval(3600)
        let extra = factors.isEmpty ? "" : #","factors":[\#(factors.joined(separator: ","))]"#
        let server = ScriptedGoTrue { request in
            if request.url?.path.hasSuffix("/token") == true {
                return .json(ScriptedExtended.session(accessToken: Self.aal1, expiresAt: expiry, userExtra: extra))
            }
            return respond(request)
        }
        let client = Scripted.client(server, clock: clock)
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        return (client, server)
    }

    @Test func enrollPostsATOTPFactorAndReturnsItsSecret() async throws {
        let answer =
            #"{"id":"\#(Self.factorID)","type":"totp","friendly_name":"phone","totp":{"qr_code":"<svg/>","secret":"JBSWY3DPEHPK3PXP","uri":"otpauth://totp/localhost:alice@example.com?secret=JBSWY3DPEHPK3PXP"}}"#
        let (client, server) = try await signedIn { _ in .json(answer) }
        let enrolled = try await client.mfa.enroll(friendlyName: "phone")
        let request = try #require(server.requests(path: "/factors").first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/auth/v1/factors")
        #expect(request.bearer == Self.aal1)
        #expect(request.jsonBody == ["factor_type": "totp", "friendly_name": "phone"])
        #expect(enrolled.id == Self.factorID)
        #expect(enrolled.type == "totp")
        #expect(enrolled.friendlyName == "phone")
        #expect(enrolled.totp?.secret == "JBSWY3DPEHPK3PXP")
        #expect(enrolled.totp?.qrCode == "<svg/>")
        #expect(enrolled.totp?.uri.hasPrefix("otpauth://totp/") == true)
    }

    @Test func aSecondFactorWithTheSameNameHasItsText() async throws {
        let (client, _) = try await signedIn { _ in .error("mfa_factor_name_conflict", status: 422) }
        let error = await #expect(throws: AuthClientError.self) { try await client.mfa.enroll(friendlyName: "phone") }
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.factorNameTaken)
    }

    @Test func challengeAndVerifyReplaceTheSessionWithTheAAL2One() async throws {
        let expiry = clock.now.addingTimeInterval(3600)
        let verified = ScriptedExtended.session(
            accessToken: Self.aal2, refreshToken: "refresh-2", expiresAt: expiry,
            userExtra: #","factors":[\#(ScriptedExtended.verifiedFactor)]"#)
        let (client, server) = try await signedIn(factors: [ScriptedExtended.unverifiedFactor]) { request in
            if request.url?.path.hasSuffix("/challenge") == true {
                return .json(#"{"id":"c7000000-0000-4000-8000-000000000007","type":"totp","expires_at":1767000600}"#)
            }
            return .json(verified)
        }
        let events = EventLog(client)
        let before = await client.mfa.getAuthenticatorAssuranceLevel()
        #expect(before.currentLevel == .aal1)
        #expect(before.nextLevel == .aal1, "an unverified factor does not raise the next level")

        let session = try await client.mfa.challengeAndVerify(factorId: Self.factorID, code: "123456")

        let challenge = try #require(server.requests(path: "/factors/\(Self.factorID)/challenge").first)
        #expect(challenge.httpMethod == "POST")
        #expect(challenge.httpBody == nil)
        #expect(challenge.bearer == Self.aal1)
        let verify = try #require(server.requests(path: "/factors/\(Self.factorID)/verify").first)
        #expect(verify.httpMethod == "POST")
        #expect(
            verify.jsonBody == [
                "factor_id": Self.factorID, "challenge_id": "c7000000-0000-4000-8000-000000000007", "code": "123456",
            ])
        #expect(session.refreshToken == "refresh-2")
        #expect(await client.currentSession()?.accessToken == Self.aal2)
        #expect(await events.wait(count: 1) == [.mfaChallengeVerified])

        let after = await client.mfa.getAuthenticatorAssuranceLevel()
        #expect(after.currentLevel == .aal2)
        #expect(after.nextLevel == .aal2)
        #expect(after.currentAuthenticationMethods.map(\.method) == ["totp", "password"])
        #expect(after.currentAuthenticationMethods.first?.timestamp == 1_767_000_300)
    }

    @Test func aWrongCodeKeepsTheAAL1Session() async throws {
        let (client, _) = try await signedIn { _ in .error("mfa_verification_failed", status: 422) }
        let error = await #expect(throws: AuthClientError.self) {
            try await client.mfa.verify(factorId: Self.factorID, challengeId: "c7", code: "000000")
        }
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.authenticatorCodeInvalid)
        #expect(await client.currentSession()?.accessToken == Self.aal1)
    }

    @Test func anExpiredChallengeHasItsText() async throws {
        let (client, _) = try await signedIn { _ in .error("mfa_challenge_expired", status: 422) }
        let error = await #expect(throws: AuthClientError.self) {
            try await client.mfa.verify(factorId: Self.factorID, challengeId: "c7", code: "123456")
        }
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.authenticatorChallengeExpired)
    }

    @Test func aVerifiedFactorMakesAAL2TheNextLevel() async throws {
        let (client, _) = try await signedIn(factors: [ScriptedExtended.verifiedFactor, ScriptedExtended.unverifiedFactor]) { _ in
            .json("{}")
        }
        let level = await client.mfa.getAuthenticatorAssuranceLevel()
        #expect(level.currentLevel == .aal1)
        #expect(level.nextLevel == .aal2)
        #expect(level.currentAuthenticationMethods == [AMREntry(method: "password", timestamp: 1_767_000_000)])

        let factors = try await client.mfa.listFactors()
        #expect(factors.all.map(\.id) == [Self.factorID, "f2000000-0000-4000-8000-000000000002"])
        #expect(factors.totp.map(\.id) == [Self.factorID])
        #expect(factors.all.first?.friendlyName == "phone")
        #expect(factors.all.last?.lastChallengedAt == nil)
    }

    @Test func withoutASessionThereIsNoLevelAndNoFactors() async throws {
        let server = ScriptedGoTrue { _ in .json("{}") }
        let client = Scripted.client(server, clock: clock)
        let level = await client.mfa.getAuthenticatorAssuranceLevel()
        #expect(level.currentLevel == nil)
        #expect(level.nextLevel == nil)
        #expect(level.currentAuthenticationMethods.isEmpty)
        await #expect(throws: AuthClientError.sessionMissing) { try await client.mfa.listFactors() }
        await #expect(throws: AuthClientError.sessionMissing) { try await client.mfa.enroll() }
        #expect(server.requests.isEmpty)
    }

    @Test func unenrollDeletesTheFactor() async throws {
        let (client, server) = try await signedIn { _ in .json(#"{"id":"\#(Self.factorID)"}"#) }
        let removed = try await client.mfa.unenroll(factorId: Self.factorID)
        let request = try #require(server.requests(path: "/factors/\(Self.factorID)").first)
        #expect(request.httpMethod == "DELETE")
        #expect(request.bearer == Self.aal1)
        #expect(removed.id == Self.factorID)
    }

    @Test func unenrollingAVerifiedFactorFromAnAAL1SessionAsksForACode() async throws {
        let (client, _) = try await signedIn { _ in .error("insufficient_aal", status: 422) }
        let error = await #expect(throws: AuthClientError.self) { try await client.mfa.unenroll(factorId: Self.factorID) }
        #expect(error?.userFacingMessage == UserFacingText.AccountSecurity.authenticatorCodeRequired)
    }
}
