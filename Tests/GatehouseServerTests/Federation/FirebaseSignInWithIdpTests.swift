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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// `accounts:signInWithIdp` with a provider's ID token: the Firebase SDKs' Sign in with Apple,
/// on the same accounts and rules as GoTrue's `id_token` grant.
@Suite("Firebase accounts:signInWithIdp")
struct FirebaseSignInWithIdpTests {
    static let path = FirebaseRoutingTests.v1 + "accounts:signInWithIdp"

    static func signIn(_ api: API, token: String, providerId: String = "apple.com", nonce: String? = nil, idToken: String? = nil)
        async throws -> Reply
    {
        var postBody = "id_token=\(token)&providerId=\(providerId)"
        if let nonce { postBody += "&nonce=\(nonce)" }
        var body: [String: Any] = ["postBody": postBody, "requestUri": "http://localhost", "returnSecureToken": true]
        if let idToken { body["idToken"] = idToken }
        return try await FirebaseRoutingTests.post(api, path, body)
    }

    @Test("a new account, then the same one; the ID token names apple.com", arguments: Backend.all)
    func newThenExisting(_ backend: Backend) async throws {
        try await IdTokenGrantRouteTests.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("fb-apple")
            let first = try await Self.signIn(
                api, token: try issuer.idToken(subject: "fb-sub", email: email, nonce: "n-1"), nonce: "n-1")
            #expect(first.status == .ok, "\(first)")
            #expect(first["isNewUser"] == .bool(true) && first["providerId"] == .string("apple.com"), "\(first)")
            #expect(first["federatedId"] == .string(issuer.url + "/fb-sub"))
            let idToken = try #require(first["idToken"]?.stringValue)
            let claims = try jwtPayload(idToken)
            #expect(claims["firebase"]?["sign_in_provider"] == .string("apple.com"), "\(claims)")
            #expect(claims["firebase"]?["identities"]?["apple.com"] == .array([.string("fb-sub")]), "\(claims)")
            let again = try await Self.signIn(api, token: try issuer.idToken(subject: "fb-sub", email: email))
            #expect(again["isNewUser"] == .bool(false) && again["localId"] == first["localId"], "\(again)")
            let lookup = try await FirebaseRoutingTests.post(api, FirebaseRoutingTests.v1 + "accounts:lookup", ["idToken": idToken])
            let providers = lookup["users"]?[0]?["providerUserInfo"]?.arrayValue ?? []
            #expect(providers.map { $0["providerId"] } == [.string("apple.com")], "\(lookup)")
            // GoTrue's id_token grant finds the same account.
            let gotrue = try await IdTokenGrantRouteTests.signIn(api, token: try issuer.idToken(subject: "fb-sub", email: email))
            #expect(try TestSession(gotrue).userId == first["localId"]?.stringValue)
        }
    }

    @Test("an address held by an unconfirmed account: needConfirmation, no tokens", arguments: Backend.all)
    func needConfirmation(_ backend: Backend) async throws {
        try await IdTokenGrantRouteTests.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("fb-squat")
            try await api.createUser(email, confirmed: false)
            let reply = try await Self.signIn(api, token: try issuer.idToken(subject: "owner", email: email))
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["needConfirmation"] == .bool(true) && reply["idToken"] == nil, "\(reply)")
        }
    }

    @Test("a bad token is INVALID_IDP_RESPONSE; an unknown provider OPERATION_NOT_ALLOWED", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await IdTokenGrantRouteTests.run(backend) { api, issuer in
            let token = try issuer.idToken(subject: "s", email: TestServer.uniqueEmail("fb-bad"), nonce: "right")
            let wrongNonce = try await Self.signIn(api, token: token, nonce: "wrong")
            #expect(FirebaseRoutingTests.name(wrongNonce) == "INVALID_IDP_RESPONSE", "\(wrongNonce)")
            let unknown = try await Self.signIn(api, token: token, providerId: "github.com", nonce: "right")
            #expect(FirebaseRoutingTests.name(unknown) == "OPERATION_NOT_ALLOWED", "\(unknown)")
        }
    }

    @Test("with the caller's idToken, the identity joins that account", arguments: Backend.all)
    func linksToCaller(_ backend: Backend) async throws {
        try await IdTokenGrantRouteTests.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("fb-owner")
            try await api.createUser(email)
            let signedIn = try await FirebaseRoutingTests.post(
                api, FirebaseRoutingTests.v1 + "accounts:signInWithPassword",
                ["email": email, "password": TestServer.password, "returnSecureToken": true])
            let idToken = try #require(signedIn["idToken"]?.stringValue, "\(signedIn)")
            let linked = try await Self.signIn(
                api, token: try issuer.idToken(subject: "g-sub", email: TestServer.uniqueEmail("other")), providerId: "google.com",
                idToken: idToken)
            #expect(linked.status == .ok && linked["localId"] == signedIn["localId"], "\(linked)")
        }
    }
}
