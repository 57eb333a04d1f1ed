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
import SQLKit
import Testing

@testable import GatehouseServer

/// Firebase's multi-factor sign-in for accounts with a verified TOTP factor: the password alone
/// answers a pending credential and the enrolled factors (no tokens, no session), and
/// `v2/accounts/mfaSignIn:finalize` with the authenticator's code answers the tokens of an aal2
/// session whose ID tokens name the second factor, through refreshes too.
@Suite("Firebase MFA sign-in")
struct FirebaseMFASignInTests {
    typealias Routes = FirebaseRoutingTests
    static let start = "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start"
    static let finalize = "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize"

    @Test("a password alone answers a pending credential and the factors, no tokens, and starts no session", arguments: Backend.all)
    func passwordAloneIsPending(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.withDatabase(backend) { database in
            let userId = try await TestServer.run(on: database, clock: time.clock) { api in
                let email = TestServer.uniqueEmail("fb-mfa")
                let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
                for path in [Routes.v1 + "accounts:signInWithPassword", Routes.v3 + "verifyPassword"] {
                    let reply = try await Routes.post(
                        api, path, ["email": email, "password": TestServer.password, "returnSecureToken": true])
                    #expect(reply.status == .ok, "\(path): \(reply)")
                    #expect(reply["idToken"] == nil && reply["refreshToken"] == nil && reply["expiresIn"] == nil, "\(path): \(reply)")
                    #expect(reply["mfaPendingCredential"]?.stringValue?.isEmpty == false, "\(path): \(reply)")
                    #expect(reply["localId"]?.stringValue == enrolled.userId)
                    #expect(reply["email"]?.stringValue == email)
                    let info = try #require(reply["mfaInfo"]?.arrayValue, "\(path): \(reply)")
                    #expect(info.count == 1)
                    #expect(info.first?["mfaEnrollmentId"]?.stringValue == enrolled.factorId)
                    #expect(info.first?["displayName"]?.stringValue == "phone")
                    #expect(info.first?["totpInfo"] == .object([:]))
                    #expect(info.first?["enrolledAt"]?.stringValue?.hasSuffix("Z") == true, "RFC 3339")
                }
                // An account without a factor still signs in with its password alone.
                let plain = TestServer.uniqueEmail("fb-plain")
                try await api.createUser(plain)
                let signedIn = try await Routes.post(
                    api, Routes.v1 + "accounts:signInWithPassword", ["email": plain, "password": TestServer.password])
                #expect(signedIn["idToken"]?.stringValue != nil && signedIn["mfaPendingCredential"] == nil, "\(signedIn)")
                return enrolled.userId
            }
            // Only the session the factor was enrolled with: the two password sign-ins started none.
            #expect(try await FirebaseMFA.sessionCount(userId, in: database) == 1)
        }
    }

    @Test("finalize with the code answers an aal2 session; its ID tokens name the factor, through refreshes", arguments: Backend.all)
    func finalizeGivesSecondFactorTokens(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let pending = try await FirebaseMFA.pendingCredential(api, email: email)
            time.advance(seconds: 30)
            let reply = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(reply.status == .ok, "\(reply)")
            let idToken = try #require(reply["idToken"]?.stringValue, "\(reply)")
            let refreshToken = try #require(reply["refreshToken"]?.stringValue)
            let claims = try jwtPayload(idToken)
            #expect(claims["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
            #expect(claims["firebase"]?["second_factor_identifier"]?.stringValue == enrolled.factorId)
            #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
            #expect(claims["user_id"]?.stringValue == enrolled.userId)

            let lookup = try await Routes.post(api, Routes.v1 + "accounts:lookup", ["idToken": idToken])
            #expect(lookup["users"]?[0]?["mfaInfo"]?[0]?["mfaEnrollmentId"]?.stringValue == enrolled.factorId, "\(lookup)")

            time.advance(seconds: 5)
            let refreshed = try await Routes.post(api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": refreshToken])
            #expect(refreshed.status == .ok, "\(refreshed)")
            let again = try jwtPayload(try #require(refreshed["id_token"]?.stringValue, "\(refreshed)"))
            #expect(again["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
            #expect(again["firebase"]?["second_factor_identifier"]?.stringValue == enrolled.factorId)

            // A password-only session's tokens carry no second factor.
            let plain = TestServer.uniqueEmail("fb-plain")
            try await api.createUser(plain)
            let signedIn = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": plain, "password": TestServer.password])
            let plainClaims = try jwtPayload(try #require(signedIn["idToken"]?.stringValue, "\(signedIn)"))
            #expect(plainClaims["firebase"]?["sign_in_second_factor"] == nil)
            #expect(plainClaims["firebase"]?["second_factor_identifier"] == nil)
        }
    }

    @Test("a pending credential works once, expires, and is nothing when forged or another user's", arguments: Backend.all)
    func pendingCredentialLimits(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let pending = try await FirebaseMFA.pendingCredential(api, email: email)
            time.advance(seconds: 30)
            #expect(try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time)).status == .ok)
            time.advance(seconds: 30)
            let reused = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(reused) == "INVALID_MFA_PENDING_CREDENTIAL", "\(reused)")

            let late = try await FirebaseMFA.pendingCredential(api, email: email)
            time.advance(seconds: 301)
            let expired = try await FirebaseMFA.finalize(api, late, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(expired) == "INVALID_MFA_PENDING_CREDENTIAL", "\(expired)")

            let fresh = try await FirebaseMFA.pendingCredential(api, email: email)
            var tampered = Array(fresh)
            let middle = tampered.count / 2
            tampered[middle] = tampered[middle] == "A" ? "B" : "A"
            for forged in [String(tampered), "not-a-credential", String(repeating: "x", count: 5000)] {
                let reply = try await FirebaseMFA.finalize(api, forged, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
                #expect(Routes.name(reply) == "INVALID_MFA_PENDING_CREDENTIAL", "\(reply)")
            }

            // Another user's credential does not reach this user's factor.
            let other = TestServer.uniqueEmail("fb-mfa-other")
            _ = try await FirebaseMFA.enrollTOTP(api, email: other, time: time)
            let theirs = try await FirebaseMFA.pendingCredential(api, email: other)
            time.advance(seconds: 30)
            let crossed = try await FirebaseMFA.finalize(api, theirs, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(crossed) == "MFA_ENROLLMENT_NOT_FOUND", "\(crossed)")
            // ...and the untouched credential still works.
            #expect(try await FirebaseMFA.finalize(api, fresh, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time)).status == .ok)
        }
    }

    @Test("a new password or a revocation voids pending credentials; a disabled user is told so", arguments: Backend.all)
    func pendingCredentialFollowsTheAccount(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let admin = "Bearer \(api.serviceRoleToken)"
            let pending = try await FirebaseMFA.pendingCredential(api, email: email)
            let changed = try await api.send(
                .put, "/admin/users/\(enrolled.userId)", json: ["password": TestServer.otherPassword], bearer: api.serviceRoleToken)
            #expect(changed.status == .ok, "\(changed)")
            time.advance(seconds: 30)
            let afterChange = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(afterChange) == "INVALID_MFA_PENDING_CREDENTIAL", "\(afterChange)")

            let beforeRevoke = try await FirebaseMFA.pendingCredential(api, email: email, password: TestServer.otherPassword)
            time.advance(seconds: 1)
            let revoked = try await Routes.post(
                api, Routes.project + "accounts:update", ["localId": enrolled.userId, "validSince": String(time.now.secondsSinceEpoch)],
                key: nil, authorization: admin)
            #expect(revoked.status == .ok, "\(revoked)")
            let afterRevoke = try await FirebaseMFA.finalize(api, beforeRevoke, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(afterRevoke) == "INVALID_MFA_PENDING_CREDENTIAL", "\(afterRevoke)")

            let beforeBan = try await FirebaseMFA.pendingCredential(api, email: email, password: TestServer.otherPassword)
            let disabled = try await Routes.post(
                api, Routes.project + "accounts:update", ["localId": enrolled.userId, "disableUser": true], key: nil, authorization: admin)
            #expect(disabled.status == .ok, "\(disabled)")
            let afterBan = try await FirebaseMFA.finalize(api, beforeBan, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(Routes.name(afterBan) == "USER_DISABLED", "\(afterBan)")
        }
    }

    @Test("wrong codes are INVALID_CODE and spend the factor's one guess budget, shared with GoTrue's verify", arguments: Backend.all)
    func wrongCodesSpendTheBudget(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: { $0.mfa.verifyAttempts = 3 }, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let pending = try await FirebaseMFA.pendingCredential(api, email: email)
            time.advance(seconds: 30)
            let wrong = FirebaseMFA.wrongCode(enrolled.secret, time)
            let first = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, wrong)
            #expect(Routes.name(first) == "INVALID_CODE", "\(first)")
            #expect(first.status == .badRequest)
            // A wrong code does not spend the credential: the right one still signs in.
            let right = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(right.status == .ok, "\(right)")

            // The budget (3) is the factor's, whichever protocol guesses.
            let again = try await FirebaseMFA.pendingCredential(api, email: email)
            time.advance(seconds: 30)
            for _ in 0..<2 {
                let reply = try await FirebaseMFA.finalize(api, again, enrolled.factorId, FirebaseMFA.wrongCode(enrolled.secret, time))
                #expect(Routes.name(reply) == "INVALID_CODE", "\(reply)")
            }
            let session = try TestSession(try await api.signIn(email))
            let challenge = try await api.send(.post, "/factors/\(enrolled.factorId)/challenge", json: [:], bearer: session.accessToken)
            let challengeId = try #require(challenge["id"]?.stringValue, "\(challenge)")
            let gotrue = try await api.send(
                .post, "/factors/\(enrolled.factorId)/verify",
                json: ["challenge_id": challengeId, "code": FirebaseMFA.wrongCode(enrolled.secret, time)], bearer: session.accessToken)
            #expect(gotrue.errorCode == "mfa_verification_failed", "\(gotrue)")
            let spent = try await FirebaseMFA.finalize(api, again, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            // Firebase's 400 for every rate limit, with the wait.
            #expect(Routes.name(spent) == "TOO_MANY_ATTEMPTS_TRY_LATER", "\(spent)")
            #expect(spent.header("Retry-After") != nil)
        }
    }

    @Test("start and finalize: Firebase's names for what is missing, phone refused, TOTP start spends nothing", arguments: Backend.all)
    func requestShapes(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let pending = try await FirebaseMFA.pendingCredential(api, email: email)
            let totpStart = try await Routes.post(api, Self.start, ["mfaPendingCredential": pending, "mfaEnrollmentId": enrolled.factorId])
            #expect(totpStart.status == .ok, "\(totpStart)")
            #expect(totpStart["phoneResponseInfo"] == nil)
            let cases: [(path: String, body: [String: Any], name: String)] = [
                (Self.start, ["mfaEnrollmentId": enrolled.factorId], "MISSING_MFA_PENDING_CREDENTIAL"),
                (Self.start, ["mfaPendingCredential": pending], "MISSING_MFA_ENROLLMENT_ID"),
                (Self.start, ["mfaPendingCredential": pending, "mfaEnrollmentId": UUID().uuidString], "MFA_ENROLLMENT_NOT_FOUND"),
                (Self.start, ["mfaPendingCredential": "forged", "mfaEnrollmentId": enrolled.factorId], "INVALID_MFA_PENDING_CREDENTIAL"),
                (
                    Self.start,
                    [
                        "mfaPendingCredential": pending, "mfaEnrollmentId": enrolled.factorId,
                        "phoneSignInInfo": ["phoneNumber": "+15555550100"],
                    ],
                    "OPERATION_NOT_ALLOWED"
                ),
                (
                    Self.finalize, ["mfaEnrollmentId": enrolled.factorId, "totpVerificationInfo": ["verificationCode": "123456"]],
                    "MISSING_CREDENTIAL"
                ),
                (
                    Self.finalize,
                    ["mfaPendingCredential": pending, "mfaEnrollmentId": enrolled.factorId, "phoneVerificationInfo": ["code": "1"]],
                    "OPERATION_NOT_ALLOWED"
                ),
                (Self.finalize, ["mfaPendingCredential": pending, "mfaEnrollmentId": enrolled.factorId], "INVALID_ARGUMENT"),
                (
                    Self.finalize, ["mfaPendingCredential": pending, "mfaEnrollmentId": enrolled.factorId, "totpVerificationInfo": [:]],
                    "MISSING_CODE"
                ),
                (
                    Self.finalize, ["mfaPendingCredential": pending, "totpVerificationInfo": ["verificationCode": "123456"]],
                    "MISSING_MFA_ENROLLMENT_ID"
                ),
            ]
            for (path, body, name) in cases {
                let reply = try await Routes.post(api, path, body)
                #expect(reply.status == .badRequest, "\(path) \(body): \(reply)")
                #expect(Routes.name(reply) == name, "\(path) \(body): \(reply)")
            }
            let noKey = try await Routes.post(api, Self.finalize, ["mfaPendingCredential": pending], key: nil)
            #expect(noKey.status == .forbidden, "\(noKey)")
            let asV1 = try await Routes.post(api, Routes.v1 + "accounts:mfaSignIn:finalize", ["mfaPendingCredential": pending])
            #expect(asV1.status == .notFound, "\(asV1)")
            // None of that spent the credential.
            time.advance(seconds: 30)
            #expect(try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time)).status == .ok)
        }
    }

    @Test("a password change of an aal2 session answers tokens that still name the factor", arguments: Backend.all)
    func passwordChangeKeepsTheSecondFactor(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            time.advance(seconds: 30)
            let signedIn = try await FirebaseMFA.signIn(api, email: email, enrolled: enrolled, time: time)
            let changed = try await Routes.post(
                api, Routes.v1 + "accounts:update",
                [
                    "idToken": try #require(signedIn["idToken"]?.stringValue), "password": TestServer.otherPassword,
                    "returnSecureToken": true,
                ])
            #expect(changed.status == .ok, "\(changed)")
            let claims = try jwtPayload(try #require(changed["idToken"]?.stringValue, "\(changed)"))
            #expect(claims["firebase"]?["second_factor_identifier"]?.stringValue == enrolled.factorId)
            // The new session is aal2 too: it may delete the account without signing in again.
            let deleted = try await Routes.post(
                api, Routes.v1 + "accounts:delete", ["idToken": try #require(changed["idToken"]?.stringValue)])
            #expect(deleted.status == .ok, "\(deleted)")
        }
    }

    @Test("a wrong password is the same INVALID_LOGIN_CREDENTIALS with or without a factor", arguments: Backend.all)
    func wrongPasswordTellsNothing(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-mfa")
            _ = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            let withFactor = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": email, "password": "wrong-password"])
            let unknown = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": TestServer.uniqueEmail("nobody"), "password": "wrong-password"])
            #expect(Routes.name(withFactor) == "INVALID_LOGIN_CREDENTIALS", "\(withFactor)")
            #expect(withFactor.text == unknown.text)
        }
    }
}

/// What the Firebase MFA tests share: a TOTP factor enrolled through GoTrue's API, the calls of
/// Firebase's MFA sign-in, codes, and a look at the ID token's claims and the stored sessions.
enum FirebaseMFA {
    struct Enrolled {
        var userId: String
        var factorId: String
        var secret: String
    }

    static func code(_ secret: String, _ time: ManualServerClock) -> String {
        TOTP.code(secret: Base32.decode(secret)!, step: TOTP.step(at: time.now.secondsSinceEpoch))
    }

    /// A code of none of the steps the server accepts now.
    static func wrongCode(_ secret: String, _ time: ManualServerClock) -> String {
        let step = TOTP.step(at: time.now.secondsSinceEpoch)
        let accepted = Set((step - 2...step + 2).map { TOTP.code(secret: Base32.decode(secret)!, step: $0) })
        return (0..<10).map { String(repeating: String($0), count: 6) }.first { !accepted.contains($0) } ?? "000000"
    }

    /// A confirmed account with a verified TOTP factor named "phone", enrolled through GoTrue's API.
    static func enrollTOTP(_ api: API, email: String, time: ManualServerClock) async throws -> Enrolled {
        let userId = try await api.createUser(email)
        let session = try TestSession(try await api.signIn(email))
        let enrolled = try await api.send(
            .post, "/factors", json: ["factor_type": "totp", "friendly_name": "phone"], bearer: session.accessToken)
        let factorId = try #require(enrolled["id"]?.stringValue, "\(enrolled)")
        let secret = try #require(enrolled["totp"]?["secret"]?.stringValue)
        let challenge = try await api.send(.post, "/factors/\(factorId)/challenge", json: [:], bearer: session.accessToken)
        let challengeId = try #require(challenge["id"]?.stringValue, "\(challenge)")
        let verified = try await api.send(
            .post, "/factors/\(factorId)/verify", json: ["challenge_id": challengeId, "code": code(secret, time)],
            bearer: session.accessToken)
        try #require(verified.status == .ok, "\(verified)")
        return Enrolled(userId: userId, factorId: factorId, secret: secret)
    }

    /// The pending credential a password sign-in of an account with a factor answers.
    static func pendingCredential(_ api: API, email: String, password: String = TestServer.password) async throws -> String {
        let reply = try await FirebaseRoutingTests.post(
            api, FirebaseRoutingTests.v1 + "accounts:signInWithPassword", ["email": email, "password": password])
        return try #require(reply["mfaPendingCredential"]?.stringValue, "\(reply)")
    }

    static func finalize(_ api: API, _ pending: String, _ factorId: String, _ code: String) async throws -> Reply {
        try await FirebaseRoutingTests.post(
            api, FirebaseMFASignInTests.finalize,
            ["mfaPendingCredential": pending, "mfaEnrollmentId": factorId, "totpVerificationInfo": ["verificationCode": code]])
    }

    /// The tokens of a Firebase MFA sign-in (password, then the current code).
    static func signIn(_ api: API, email: String, enrolled: Enrolled, time: ManualServerClock) async throws -> Reply {
        let pending = try await pendingCredential(api, email: email)
        let reply = try await finalize(api, pending, enrolled.factorId, code(enrolled.secret, time))
        try #require(reply.status == .ok, "\(reply)")
        return reply
    }

    /// How many sessions the user has in the database (read after the app stopped).
    static func sessionCount(_ userId: String, in database: ScratchDatabase) async throws -> Int {
        try await database.read { database in
            try await database.raw("SELECT COUNT(*) AS n FROM sessions WHERE user_id = \(bind: userId.lowercased())")
                .first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }
}
