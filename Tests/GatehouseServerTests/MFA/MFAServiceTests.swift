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
import Testing

@testable import GatehouseServer

/// TOTP verification on the services' hand-moved clock: challenge expiry, a code used once, the
/// address a challenge belongs to, and the per-factor budget under parallel guesses.
@Suite("Services: MFA verification on a fixed clock")
struct MFAServiceTests {
    /// A signed-in caller with an enrolled (unverified) factor, and the factor's secret.
    static func enrolled(_ fixture: ServiceFixture, email: String = "ada@example.com") async throws -> (Authenticated, FactorEnrollment) {
        try await fixture.account(email)
        let session = try await fixture.services.sessions.signIn(email: email, password: "correct horse 1", client: ServiceFixture.client)
        let caller = try await fixture.services.sessions.authenticate(bearer: session.accessToken)
        let enrolled = try await fixture.services.mfa.enroll(caller, factorType: "totp", friendlyName: "phone", issuer: nil)
        return (caller, enrolled)
    }

    static func code(_ enrolled: FactorEnrollment, at fixture: ServiceFixture, offset: Int64 = 0) -> String {
        TOTP.code(secret: Base32.decode(enrolled.secret)!, step: TOTP.step(at: fixture.clock.now.secondsSinceEpoch) + offset)
    }

    static func verify(
        _ fixture: ServiceFixture, _ caller: Authenticated, _ enrolled: FactorEnrollment, code: String,
        challengeFrom: ClientInfo = ServiceFixture.client, verifyFrom: ClientInfo = ServiceFixture.client
    ) async throws -> IssuedSession {
        let mfa = fixture.services.mfa
        let factorId = enrolled.factor.id.uuidString
        let challenge = try await mfa.challenge(caller, factorId: factorId, client: challengeFrom).challenge
        return try await mfa.verify(caller, factorId: factorId, challengeId: challenge.id.uuidString, code: code, client: verifyFrom)
    }

    @Test("a challenge expires after GATEHOUSE_MFA_CHALLENGE_EXPIRY", arguments: Backend.all)
    func challengeExpiry(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (caller, enrolled) = try await Self.enrolled(fixture)
            let mfa = fixture.services.mfa
            let factorId = enrolled.factor.id.uuidString
            let challenge = try await mfa.challenge(caller, factorId: factorId, client: ServiceFixture.client)
            #expect(challenge.expiresAt == fixture.clock.now.secondsSinceEpoch + 300)
            fixture.clock.advance(seconds: 301)
            let error = await #expect(throws: AuthError.self) {
                try await mfa.verify(
                    caller, factorId: factorId, challengeId: challenge.challenge.id.uuidString, code: Self.code(enrolled, at: fixture),
                    client: ServiceFixture.client)
            }
            #expect(error?.code == .mfaChallengeExpired)
        }
    }

    @Test("a code is accepted once; the next step's code works", arguments: Backend.all)
    func codeReplay(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (caller, enrolled) = try await Self.enrolled(fixture)
            let code = Self.code(enrolled, at: fixture)
            let raised = try await Self.verify(fixture, caller, enrolled, code: code)
            #expect(raised.session.aal == "aal2")
            #expect(raised.session.amr.map(\.method) == ["totp", "password"])
            let aal2 = try await fixture.services.sessions.authenticate(bearer: raised.accessToken)
            let replay = await #expect(throws: AuthError.self) { try await Self.verify(fixture, aal2, enrolled, code: code) }
            #expect(replay?.code == .mfaVerificationFailed)
            // An older code still inside the skew is refused too: steps only move forwards.
            let older = await #expect(throws: AuthError.self) {
                try await Self.verify(fixture, aal2, enrolled, code: Self.code(enrolled, at: fixture, offset: -1))
            }
            #expect(older?.code == .mfaVerificationFailed)
            fixture.clock.advance(seconds: 30)
            _ = try await Self.verify(fixture, aal2, enrolled, code: Self.code(enrolled, at: fixture))
        }
    }

    @Test("an abandoned unverified factor is removed at the next enrolment after GATEHOUSE_MFA_FACTOR_EXPIRY", arguments: Backend.all)
    func staleFactorCleanup(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (caller, first) = try await Self.enrolled(fixture)
            let mfa = fixture.services.mfa
            // Within the expiry the name is still taken...
            fixture.clock.advance(seconds: 299)
            let taken = await #expect(throws: AuthError.self) {
                try await mfa.enroll(caller, factorType: "totp", friendlyName: "phone", issuer: nil)
            }
            #expect(taken?.code == .mfaFactorNameConflict)
            // ...after it, the abandoned factor gives way.
            fixture.clock.advance(seconds: 2)
            let second = try await mfa.enroll(caller, factorType: "totp", friendlyName: "phone", issuer: nil)
            let factors = try await fixture.services.mfa.adminFactors(userId: caller.user.id.uuidString)
            #expect(factors.map(\.id) == [second.factor.id])
            #expect(second.factor.id != first.factor.id)
        }
    }

    @Test("a challenge is verified only from the address that asked for it", arguments: Backend.all)
    func challengeAddress(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let (caller, enrolled) = try await Self.enrolled(fixture)
            let elsewhere = ClientInfo(address: "198.51.100.7", userAgent: nil)
            let error = await #expect(throws: AuthError.self) {
                try await Self.verify(fixture, caller, enrolled, code: Self.code(enrolled, at: fixture), verifyFrom: elsewhere)
            }
            #expect(error?.code == .mfaIPAddressMismatch)
        }
    }

    @Test("parallel wrong codes cannot get more checks than the factor's budget", arguments: Backend.all)
    func parallelGuesses(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.mfa.verifyAttempts = 3 }) { fixture in
            let (caller, enrolled) = try await Self.enrolled(fixture)
            let right = Self.code(enrolled, at: fixture)
            let accepted = Set((-1...1).map { Self.code(enrolled, at: fixture, offset: $0) })
            let wrong = (0..<1000).map { String(format: "%06d", $0) }.first { !accepted.contains($0) }!
            let codes = await withTaskGroup(of: AuthErrorCode?.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        do {
                            _ = try await Self.verify(fixture, caller, enrolled, code: wrong)
                            return nil
                        } catch let error as AuthError {
                            return error.code
                        } catch {
                            return .unknown
                        }
                    }
                }
                return await group.reduce(into: [AuthErrorCode?]()) { $0.append($1) }
            }
            #expect(codes.filter { $0 == .mfaVerificationFailed }.count == 3)
            #expect(codes.filter { $0 == .overRequestRateLimit }.count == 9)
            // Spent: the right code is not even checked until the window ends; then it works.
            let spent = await #expect(throws: AuthError.self) { try await Self.verify(fixture, caller, enrolled, code: right) }
            #expect(spent?.code == .overRequestRateLimit)
            fixture.clock.advance(seconds: 3600)
            _ = try await Self.verify(fixture, caller, enrolled, code: Self.code(enrolled, at: fixture))
        }
    }
}
