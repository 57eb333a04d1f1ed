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

/// `accounts:signInWithCustomToken` (v3 `verifyCustomToken`) through the router: a custom token
/// of a trusted service account signs in the uid it names (made on first use, not a UUID), its
/// ID tokens carry the uid and the developer claims through refreshes, and a disabled account, a
/// bad token and an unconfigured server are told apart as Firebase does.
@Suite("Firebase custom token sign-in")
struct FirebaseCustomTokenTests {
    typealias Routes = FirebaseRoutingTests
    typealias Minting = FirebaseCustomTokenMinting
    static let path = Routes.v1 + "accounts:signInWithCustomToken"

    static func signIn(_ api: API, _ token: String, path: String = path) async throws -> Reply {
        try await Routes.post(api, path, ["token": token, "returnSecureToken": true])
    }

    @Test("a new uid that is no UUID becomes an account; its ID tokens carry the uid and the claims, refreshed too", arguments: Backend.all)
    func newUid(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: Minting.trusting, clock: time.clock) { api in
            let uid = "legacy-\(UUID().uuidString.prefix(8))"
            let developer: JSONValue = .object([
                "role": .string("admin"), "tier": .number(3), "email": .string("spoof@example.com"), "session_id": .string("x"),
            ])
            let first = try await Self.signIn(api, Minting.token(Minting.claims(uid: uid, now: time.now, ["claims": developer])))
            #expect(first.status == .ok, "\(first)")
            #expect(first["kind"]?.stringValue == "identitytoolkit#VerifyCustomTokenResponse")
            #expect(first["isNewUser"] == .bool(true) && first["expiresIn"]?.stringValue == "3600", "\(first)")
            let idToken = try #require(first["idToken"]?.stringValue)
            let claims = try jwtPayload(idToken)
            #expect(claims["sub"]?.stringValue == uid && claims["user_id"]?.stringValue == uid, "\(claims)")
            #expect(claims["role"]?.stringValue == "admin" && claims["tier"]?.intValue == 3, "\(claims)")
            #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "custom", "\(claims)")
            // The token's own claims win: no address to spoof, and its session is its own.
            #expect(claims["email"] == nil && claims["email_verified"] == nil && claims["provider_id"] == nil, "\(claims)")
            #expect(claims["session_id"]?.stringValue != "x", "\(claims)")

            let lookup = try await Routes.post(api, Routes.v1 + "accounts:lookup", ["idToken": idToken])
            #expect(lookup["users"]?[0]?["localId"]?.stringValue == uid, "\(lookup)")
            #expect(lookup["users"]?[0]?["email"] == nil, "\(lookup)")

            time.advance(seconds: 5)
            let refreshToken = try #require(first["refreshToken"]?.stringValue)
            let refreshed = try await Routes.post(api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": refreshToken])
            #expect(refreshed["user_id"]?.stringValue == uid, "\(refreshed)")
            let again = try jwtPayload(try #require(refreshed["id_token"]?.stringValue, "\(refreshed)"))
            #expect(again["role"]?.stringValue == "admin" && again["firebase"]?["sign_in_provider"]?.stringValue == "custom", "\(again)")

            // The uid again: the same account, not new; a token without claims gives a session without them.
            let second = try await Self.signIn(
                api, Minting.token(Minting.claims(uid: uid, now: time.now)), path: Routes.v3 + "verifyCustomToken")
            #expect(second["isNewUser"] == .bool(false), "\(second)")
            let plain = try jwtPayload(try #require(second["idToken"]?.stringValue, "\(second)"))
            #expect(plain["user_id"]?.stringValue == uid && plain["role"] == nil, "\(plain)")
        }
    }

    @Test("a native account's uid signs in to it, keeping its address; a disabled one is USER_DISABLED", arguments: Backend.all)
    func existingAccounts(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: Minting.trusting, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-custom")
            let userId = try await api.createUser(email)
            let reply = try await Self.signIn(api, Minting.token(Minting.claims(uid: userId, now: time.now)))
            #expect(reply["isNewUser"] == .bool(false), "\(reply)")
            let claims = try jwtPayload(try #require(reply["idToken"]?.stringValue, "\(reply)"))
            #expect(claims["user_id"]?.stringValue == userId && claims["email"]?.stringValue == email, "\(claims)")
            #expect(try await api.signIn(email).status == .ok, "the password still works")

            let disabled = try await Routes.post(
                api, Routes.project + "accounts:update", ["localId": userId, "disableUser": true], key: nil,
                authorization: "Bearer \(api.serviceRoleToken)")
            #expect(disabled.status == .ok, "\(disabled)")
            let refused = try await Self.signIn(api, Minting.token(Minting.claims(uid: userId, now: time.now)))
            #expect(Routes.name(refused) == "USER_DISABLED", "\(refused)")
        }
    }

    @Test("bad tokens are refused with Firebase's names and make no account", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: Minting.trusting, clock: time.clock) { api in
            let uid = "never-\(UUID().uuidString.prefix(8))"
            let claims = Minting.claims(uid: uid, now: time.now)
            let expired = Minting.claims(uid: uid, now: time.now.adding(seconds: -3700))
            let cases: [(String, String)] = [
                (Minting.token(claims, signature: .otherKey), "INVALID_CUSTOM_TOKEN"),
                (Minting.token(claims, alg: "none", signature: .none), "INVALID_CUSTOM_TOKEN"),
                (Minting.token(expired), "INVALID_CUSTOM_TOKEN"),
                (Minting.token(Minting.claims(uid: uid, now: time.now, ["aud": .string("gatehouse-dev")])), "CREDENTIAL_MISMATCH"),
            ]
            for (token, name) in cases {
                let reply = try await Self.signIn(api, token)
                #expect(reply.status == .badRequest && Routes.name(reply) == name, "\(reply)")
            }
            #expect(Routes.name(try await Routes.post(api, Self.path, [:])) == "MISSING_CUSTOM_TOKEN")
            let tenant = try await Routes.post(api, Self.path, ["token": Minting.token(claims), "tenantId": "t-1"])
            #expect(Routes.name(tenant) == "TENANT_ID_MISMATCH", "\(tenant)")
            let lookup = try await Routes.post(
                api, Routes.project + "accounts:lookup", ["localId": [uid]], key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            #expect(lookup.status == .ok && lookup["users"] == nil, "no account was made: \(lookup)")
        }
        try await TestServer.run(backend) { api in
            let reply = try await Self.signIn(api, Minting.token(Minting.claims(uid: "u", now: .now())))
            #expect(Routes.name(reply) == "OPERATION_NOT_ALLOWED", "\(reply)")
        }
    }
}
