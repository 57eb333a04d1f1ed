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

/// `accounts:delete` by an ID token needs what a password change needs: a sign-in within the
/// recent-sign-in window, and the second factor when the account has one. Otherwise Firebase's
/// `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`, which sends the SDKs to sign in again (and through
/// `mfaSignIn` for an account with a factor). An administrator's deletion asks for neither.
@Suite("Firebase account deletion: proof")
struct FirebaseDeleteProofTests {
    typealias Routes = FirebaseRoutingTests
    /// Past the default recent-sign-in window (`GATEHOUSE_REAUTHENTICATION_WINDOW`, 600 s).
    static let stale = 601.0

    static func delete(_ api: API, _ idToken: String) async throws -> Reply {
        try await Routes.post(api, Routes.v1 + "accounts:delete", ["idToken": idToken])
    }

    static func signIn(_ api: API, _ email: String) async throws -> Reply {
        try await Routes.post(api, Routes.v1 + "accounts:signInWithPassword", ["email": email, "password": TestServer.password])
    }

    @Test("a sign-in older than the window cannot delete, refreshed or not; a fresh one can", arguments: Backend.all)
    func staleSignIn(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-delete")
            try await api.createUser(email)
            let signedIn = try await Self.signIn(api, email)
            let idToken = try #require(signedIn["idToken"]?.stringValue, "\(signedIn)")
            let refreshToken = try #require(signedIn["refreshToken"]?.stringValue)
            time.advance(seconds: Self.stale)

            let refused = try await Self.delete(api, idToken)
            #expect(Routes.name(refused) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "\(refused)")
            #expect(refused.status == .badRequest)
            // The rule a password change follows, answered the same.
            let change = try await Routes.post(
                api, Routes.v1 + "accounts:update", ["idToken": idToken, "password": TestServer.otherPassword])
            #expect(Routes.name(change) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "\(change)")
            // A refresh carries the old sign-in on: still too old.
            let refreshed = try await Routes.post(api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": refreshToken])
            let refreshedToken = try #require(refreshed["id_token"]?.stringValue, "\(refreshed)")
            #expect(Routes.name(try await Self.delete(api, refreshedToken)) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
            #expect(try await Self.signIn(api, email)["idToken"] != nil, "the account is still there")

            let fresh = try #require(try await Self.signIn(api, email)["idToken"]?.stringValue)
            let deleted = try await Self.delete(api, fresh)
            #expect(deleted.status == .ok, "\(deleted)")
            #expect(deleted["kind"]?.stringValue == "identitytoolkit#DeleteAccountResponse")
            #expect(Routes.name(try await Self.signIn(api, email)) == "INVALID_LOGIN_CREDENTIALS")
        }
    }

    @Test("a session without the second factor of an account that has one cannot delete it", arguments: Backend.all)
    func secondFactorNeeded(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-delete-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            // A password-only (aal1) session, from GoTrue's sign-in, carried on over securetoken.
            let gotrue = try TestSession(try await api.signIn(email))
            let carried = try await Routes.post(
                api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": gotrue.refreshToken])
            let aal1Token = try #require(carried["id_token"]?.stringValue, "\(carried)")

            let refused = try await Self.delete(api, aal1Token)
            #expect(Routes.name(refused) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "\(refused)")
            let change = try await Routes.post(
                api, Routes.v1 + "accounts:update", ["idToken": aal1Token, "password": TestServer.otherPassword])
            #expect(Routes.name(change) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "\(change)")

            time.advance(seconds: 30)
            let aal2 = try await FirebaseMFA.signIn(api, email: email, enrolled: enrolled, time: time)
            let aal2Token = try #require(aal2["idToken"]?.stringValue)
            time.advance(seconds: Self.stale)
            #expect(
                Routes.name(try await Self.delete(api, aal2Token)) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "the window applies at aal2 too")

            time.advance(seconds: 30)
            let fresh = try await FirebaseMFA.signIn(api, email: email, enrolled: enrolled, time: time)
            let deleted = try await Self.delete(api, try #require(fresh["idToken"]?.stringValue))
            #expect(deleted.status == .ok, "\(deleted)")
            let gone = try await api.send(.get, "/admin/users/\(enrolled.userId)", bearer: api.serviceRoleToken)
            #expect(gone.status == .notFound, "\(gone)")
        }
    }

    @Test("an administrator deletes an account with a factor by localId, as before", arguments: Backend.all)
    func adminDeletion(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-delete-admin")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            time.advance(seconds: Self.stale)
            let deleted = try await Routes.post(
                api, Routes.project + "accounts:delete", ["localId": enrolled.userId], key: nil,
                authorization: "Bearer \(api.serviceRoleToken)")
            #expect(deleted.status == .ok, "\(deleted)")
            let gone = try await api.send(.get, "/admin/users/\(enrolled.userId)", bearer: api.serviceRoleToken)
            #expect(gone.status == .notFound, "\(gone)")
        }
    }
}
