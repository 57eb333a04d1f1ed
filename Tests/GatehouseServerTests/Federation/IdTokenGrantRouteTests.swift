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

/// `POST /token?grant_type=id_token`: a provider's ID token signs in, links to the account that
/// has its address only under `AccountLifecycle.mayLinkByAddress`, and makes an account only for
/// an address the provider vouches for.
@Suite("POST /token?grant_type=id_token")
struct IdTokenGrantRouteTests {
    /// Runs `body` against a server whose Apple provider is `issuer` (and Google, for a second).
    static func run(
        _ backend: Backend, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (API, FederationTestIssuer) async throws -> Void
    ) async throws {
        try await FederationTestIssuer.run { issuer in
            try await TestServer.run(
                backend,
                configure: {
                    $0.external.providers = [issuer.provider(.apple), issuer.provider(.google)]
                    configure(&$0)
                }
            ) { api in try await body(api, issuer) }
        }
    }

    static func signIn(_ api: API, provider: String = "apple", token: String, nonce: String? = nil, bearer: String? = nil)
        async throws -> Reply
    {
        var body: [String: Any] = ["provider": provider, "id_token": token]
        if let nonce { body["nonce"] = nonce }
        if bearer != nil { body["link_identity"] = true }
        return try await api.send(.post, "/token?grant_type=id_token", json: body, bearer: bearer)
    }

    static func identities(_ reply: Reply) -> [JSONValue] {
        (reply["user"]?["identities"] ?? reply["identities"])?.arrayValue ?? []
    }

    @Test("a verified address makes an account; the same identity signs in to it again", arguments: Backend.all)
    func newAccountThenSameAccount(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("apple")
            let token = try issuer.idToken(subject: "001234.apple", email: email, nonce: "raw-nonce")
            let first = try await Self.signIn(api, token: token, nonce: "raw-nonce")
            let session = try TestSession(first)
            #expect(first["user"]?["email"] == .string(email))
            #expect(first["user"]?["email_confirmed_at"]?.stringValue != nil)
            #expect(first["user"]?["app_metadata"]?["providers"] == .array([.string("apple")]))
            let identity = try #require(Self.identities(first).first)
            #expect(identity["provider"] == .string("apple") && identity["id"] == .string("001234.apple"), "\(identity)")
            #expect(identity["identity_data"]?["email"] == .string(email))
            let claims = try jwtPayload(session.accessToken)
            #expect(claims["amr"]?[0]?["method"] == .string("oauth"), "\(claims)")
            let again = try await Self.signIn(api, token: try issuer.idToken(subject: "001234.apple", email: email))
            #expect(try TestSession(again).userId == session.userId)
            let user = try await api.user(session.accessToken)
            #expect(Self.identities(user).count == 1, "\(user)")
        }
    }

    @Test("a confirmed account gains the identity; its password still signs in", arguments: Backend.all)
    func linksToConfirmedAccount(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("owner")
            let id = try await api.createUser(email)
            let reply = try await Self.signIn(api, token: try issuer.idToken(subject: "owner-sub", email: email))
            #expect(try TestSession(reply).userId == id)
            #expect(Set(Self.identities(reply).compactMap { $0["provider"]?.stringValue }) == ["email", "apple"], "\(reply)")
            #expect(try await api.signIn(email).status == .ok)
        }
    }

    @Test("an unconfirmed account never gains an identity, whoever signed it up", arguments: Backend.all)
    func refusesUnconfirmedAccount(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("squatted")
            let id = try await api.createUser(email, confirmed: false)
            let reply = try await Self.signIn(api, token: try issuer.idToken(subject: "real-owner", email: email))
            #expect(reply.status == .unprocessableContent && reply.errorCode == "email_exists", "\(reply)")
            #expect(reply["access_token"] == nil)
            let account = try await api.send(.get, "/admin/users/\(id)", bearer: api.serviceRoleToken)
            #expect(Self.identities(account).map { $0["provider"] } == [.string("email")], "\(account)")
        }
    }

    @Test("an address the provider does not vouch for: one answer, account or not", arguments: Backend.all)
    func unverifiedAddress(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let taken = TestServer.uniqueEmail("taken")
            try await api.createUser(taken)
            let free = TestServer.uniqueEmail("free")
            let onTaken = try await Self.signIn(api, token: try issuer.idToken(subject: "u1", email: taken, verified: false))
            let onFree = try await Self.signIn(api, token: try issuer.idToken(subject: "u2", email: free, verified: false))
            for reply in [onTaken, onFree] {
                #expect(reply.status == .unprocessableContent, "\(reply)")
                #expect(reply.errorCode == "provider_email_needs_verification", "\(reply)")
            }
            #expect(onTaken.json == onFree.json)
            #expect(try await api.send(.post, "/admin/users", json: ["email": free], bearer: api.serviceRoleToken).status == .ok)
        }
    }

    @Test("GATEHOUSE_EXTERNAL_LINKING=never refuses even a confirmed owner's address", arguments: Backend.all)
    func linkingNever(_ backend: Backend) async throws {
        try await Self.run(backend, configure: { $0.external.linking = .never }) { api, issuer in
            let email = TestServer.uniqueEmail("never")
            try await api.createUser(email)
            let reply = try await Self.signIn(api, token: try issuer.idToken(subject: "never-sub", email: email))
            #expect(reply.status == .unprocessableContent && reply.errorCode == "email_exists", "\(reply)")
        }
    }

    @Test("bad requests: no token, an unknown provider, a token that fails its checks", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("bad")
            let missing = try await api.send(.post, "/token?grant_type=id_token", json: ["provider": "apple"])
            #expect(missing.status == .badRequest && missing.errorCode == "validation_failed", "\(missing)")
            let unknown = try await Self.signIn(api, provider: "github", token: try issuer.idToken(subject: "s", email: email))
            #expect(unknown.status == .badRequest && unknown.errorCode == "validation_failed", "\(unknown)")
            let forged = try issuer.idToken(subject: "s", email: email).dropLast(4) + "AAAA"
            let badSignature = try await Self.signIn(api, token: String(forged))
            #expect(badSignature.status == .badRequest && badSignature.errorCode == "bad_id_token", "\(badSignature)")
            let wrongNonce = try await Self.signIn(
                api, token: try issuer.idToken(subject: "s", email: email, nonce: "one"), nonce: "another")
            #expect(wrongNonce.status == .badRequest && wrongNonce.errorCode == "bad_id_token", "\(wrongNonce)")
            let lookup = try await api.send(.get, "/admin/users?per_page=100", bearer: api.serviceRoleToken)
            #expect(!lookup.text.contains(email), "no account was made")
        }
    }

    @Test("a banned account's identity does not sign in", arguments: Backend.all)
    func bannedAccount(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let email = TestServer.uniqueEmail("banned")
            let first = try TestSession(try await Self.signIn(api, token: try issuer.idToken(subject: "b-sub", email: email)))
            let ban = try await api.send(
                .put, "/admin/users/\(first.userId)", json: ["ban_duration": "24h"], bearer: api.serviceRoleToken)
            #expect(ban.status == .ok, "\(ban)")
            let reply = try await Self.signIn(api, token: try issuer.idToken(subject: "b-sub", email: email))
            #expect(reply.status == .badRequest && reply.errorCode == "user_banned", "\(reply)")
        }
    }

    @Test("link_identity adds a second provider to the caller's account, never another's identity", arguments: Backend.all)
    func linkIdentity(_ backend: Backend) async throws {
        try await Self.run(backend) { api, issuer in
            let owner = try await api.signedInUser()
            let token = try issuer.idToken(subject: "google-sub", email: TestServer.uniqueEmail("elsewhere"))
            let linked = try await Self.signIn(api, provider: "google", token: token, bearer: owner.accessToken)
            #expect(try TestSession(linked).userId == owner.userId)
            #expect(Self.identities(linked).contains { $0["provider"] == .string("google") }, "\(linked)")
            let other = try await api.signedInUser()
            let stolen = try await Self.signIn(api, provider: "google", token: token, bearer: other.accessToken)
            #expect(stolen.status == .unprocessableContent && stolen.errorCode == "identity_already_exists", "\(stolen)")
            let noBearer = try await api.send(
                .post, "/token?grant_type=id_token", json: ["provider": "google", "id_token": token, "link_identity": true])
            #expect(noBearer.status == .unauthorized, "\(noBearer)")
        }
    }
}
