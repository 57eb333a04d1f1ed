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

/// Anonymous accounts over Firebase: `signUp` without credentials (off: `ADMIN_ONLY_OPERATION`),
/// tokens and lookups without an address, and the three ways such an account gains one while
/// keeping its uid: `signUp` or `update` with its `idToken`, an address and a password, and an
/// email link used with its `idToken`.
@Suite("Firebase anonymous accounts")
struct FirebaseAnonymousTests {
    typealias Routes = FirebaseRoutingTests
    typealias Links = FirebaseEmailLinkTests

    static func enabled(_ configuration: inout ServerConfiguration) {
        Links.unconfirmed(&configuration)
        configuration.anonymousUsersEnabled = true
    }

    /// A new anonymous account's sign-up answer.
    static func anonymous(_ api: API) async throws -> Reply {
        let reply = try await Routes.post(api, Routes.v3 + "signupNewUser", ["returnSecureToken": true])
        try #require(reply.status == .ok, "\(reply)")
        return reply
    }

    @Test("no credentials: ADMIN_ONLY_OPERATION while off; on, an account whose tokens and lookup have no address", arguments: Backend.all)
    func anonymousSignUp(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let off = try await Routes.post(api, Routes.v1 + "accounts:signUp", ["returnSecureToken": true])
            #expect(Routes.name(off) == "ADMIN_ONLY_OPERATION", "\(off)")
        }
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let reply = try await Self.anonymous(api)
            #expect(reply["kind"]?.stringValue == "identitytoolkit#SignupNewUserResponse" && reply["email"] == nil, "\(reply)")
            let localId = try #require(reply["localId"]?.stringValue)
            let claims = try jwtPayload(try #require(reply["idToken"]?.stringValue))
            #expect(claims["provider_id"]?.stringValue == "anonymous" && claims["user_id"]?.stringValue == localId, "\(claims)")
            #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "anonymous", "\(claims)")
            #expect(claims["firebase"]?["identities"] == .object([:]), "\(claims)")
            #expect(claims["email"] == nil && claims["email_verified"] == nil, "\(claims)")
            let lookup = try await Routes.post(api, Routes.v1 + "accounts:lookup", ["idToken": reply["idToken"]?.stringValue ?? ""])
            #expect(lookup["users"]?[0]?["localId"]?.stringValue == localId && lookup["users"]?[0]?["email"] == nil, "\(lookup)")
            let refreshed = try await Routes.post(
                api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": reply["refreshToken"]?.stringValue ?? ""])
            #expect(refreshed["user_id"]?.stringValue == localId, "\(refreshed)")
            // An address-only or password-only sign-up is no anonymous one.
            let partial = try await Routes.post(api, Routes.v1 + "accounts:signUp", ["password": TestServer.password])
            #expect(Routes.name(partial) == "MISSING_EMAIL", "\(partial)")
        }
    }

    @Test("signUp with its idToken, an address and a password converts it, keeping the uid", arguments: Backend.all)
    func convertBySignUp(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let anonymous = try await Self.anonymous(api)
            let idToken = try #require(anonymous["idToken"]?.stringValue)
            let email = TestServer.uniqueEmail("fb-anon")
            let body: [String: Any] = ["idToken": idToken, "email": email, "password": TestServer.password, "returnSecureToken": true]
            let converted = try await Routes.post(api, Routes.v1 + "accounts:signUp", body)
            #expect(converted.status == .ok && converted["localId"] == anonymous["localId"], "\(converted)")
            #expect(converted["email"]?.stringValue == email, "\(converted)")
            let claims = try jwtPayload(try #require(converted["idToken"]?.stringValue))
            #expect(claims["email"]?.stringValue == email && claims["email_verified"] == .bool(false), "\(claims)")
            #expect(claims["provider_id"] == nil && claims["firebase"]?["sign_in_provider"]?.stringValue == "password", "\(claims)")
            let signIn = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": email, "password": TestServer.password])
            #expect(signIn["localId"] == anonymous["localId"], "\(signIn)")
            let old = try await Routes.post(
                api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": anonymous["refreshToken"]?.stringValue ?? ""])
            #expect(Routes.name(old) == "TOKEN_EXPIRED", "the anonymous session ended: \(old)")
            // Converted once: the new account's token converts nothing more.
            var again = body
            again["idToken"] = converted["idToken"]?.stringValue
            again["email"] = TestServer.uniqueEmail("fb-anon-twice")
            #expect(Routes.name(try await Routes.post(api, Routes.v1 + "accounts:signUp", again)) == "PROVIDER_ALREADY_LINKED")

            let other = try #require(try await Self.anonymous(api)["idToken"]?.stringValue)
            let refusals: [([String: Any], String)] = [
                (["idToken": other, "email": email, "password": TestServer.password], "EMAIL_EXISTS"),
                (["idToken": other, "email": TestServer.uniqueEmail("fb-anon-weak"), "password": "short"], "WEAK_PASSWORD"),
                (["idToken": other, "email": TestServer.uniqueEmail("fb-anon-nopw")], "MISSING_PASSWORD"),
                (
                    ["idToken": "not-a-token", "email": TestServer.uniqueEmail("fb-anon-bad"), "password": TestServer.password],
                    "INVALID_ID_TOKEN"
                ),
            ]
            for (refused, name) in refusals {
                let reply = try await Routes.post(api, Routes.v1 + "accounts:signUp", refused)
                #expect(Routes.name(reply) == name, "\(reply)")
            }
        }
    }

    @Test("update with its idToken, an address and a password converts it; an address alone is refused", arguments: Backend.all)
    func convertByUpdate(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let anonymous = try await Self.anonymous(api)
            let idToken = try #require(anonymous["idToken"]?.stringValue)
            let email = TestServer.uniqueEmail("fb-anon-update")
            let alone = try await Routes.post(api, Routes.v3 + "setAccountInfo", ["idToken": idToken, "email": email])
            #expect(Routes.name(alone) == "OPERATION_NOT_ALLOWED", "\(alone)")
            let converted = try await Routes.post(
                api, Routes.v3 + "setAccountInfo",
                ["idToken": idToken, "email": email, "password": TestServer.password, "returnSecureToken": true])
            #expect(converted.status == .ok && converted["localId"] == anonymous["localId"], "\(converted)")
            #expect(converted["kind"]?.stringValue == "identitytoolkit#SetAccountInfoResponse" && converted["email"]?.stringValue == email)
            #expect(
                converted["idToken"]?.stringValue != nil && converted["passwordHash"]?.stringValue == FirebaseUserInfo.redactedPasswordHash)
        }
    }

    @Test("an email link used with its idToken links the address; an address someone uses is EMAIL_EXISTS", arguments: Backend.all)
    func linkByEmailLink(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let anonymous = try await Self.anonymous(api)
            let email = TestServer.uniqueEmail("fb-anon-link")
            _ = try await Links.send(api, email)
            let code = try await Links.link(api, to: email).code
            let linked = try await Links.signIn(api, email, code, idToken: anonymous["idToken"]?.stringValue)
            #expect(linked.status == .ok && linked["localId"] == anonymous["localId"], "\(linked)")
            #expect(linked["isNewUser"] == .bool(false) && linked["email"]?.stringValue == email, "\(linked)")
            let claims = try jwtPayload(try #require(linked["idToken"]?.stringValue))
            #expect(claims["email"]?.stringValue == email && claims["email_verified"] == .bool(true), "\(claims)")
            let holder = try await Routes.post(
                api, Routes.project + "accounts:lookup", ["email": [email]], key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            #expect(holder["users"]?.arrayValue?.count == 1 && holder["users"]?[0]?["localId"] == anonymous["localId"], "\(holder)")

            // An address whose account someone can use stays theirs, and the link stays usable.
            let owner = TestServer.uniqueEmail("fb-anon-owner")
            try await api.createUser(owner)
            _ = try await Links.send(api, owner)
            let ownerCode = try await Links.link(api, to: owner).code
            let other = try await Self.anonymous(api)
            let taken = try await Links.signIn(api, owner, ownerCode, idToken: other["idToken"]?.stringValue)
            #expect(Routes.name(taken) == "EMAIL_EXISTS", "\(taken)")
            #expect(try await Links.signIn(api, owner, ownerCode)["isNewUser"] == .bool(false))

            // A signed-in account with an address of its own does not take another one this way.
            let fresh = TestServer.uniqueEmail("fb-anon-fresh")
            _ = try await Links.send(api, fresh)
            let freshCode = try await Links.link(api, to: fresh).code
            let signedIn = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": owner, "password": TestServer.password])
            let refused = try await Links.signIn(api, fresh, freshCode, idToken: signedIn["idToken"]?.stringValue)
            #expect(Routes.name(refused) == "PROVIDER_ALREADY_LINKED", "\(refused)")
        }
    }
}
