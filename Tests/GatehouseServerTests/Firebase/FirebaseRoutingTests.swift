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
import NIOCore
import Testing

@testable import GatehouseServer

/// The Firebase route list through the router: the three addressing forms and securetoken reach
/// the same RPCs, API keys are checked, firebase-admin's project must match, `Bearer owner` is
/// an administrator only in development on loopback, and nothing is served without a project.
@Suite("Firebase routes")
struct FirebaseRoutingTests {
    static let v3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
    static let v1 = "/identitytoolkit.googleapis.com/v1/"
    static let project = "/identitytoolkit.googleapis.com/v1/projects/gatehouse-dev/"
    static let secureToken = "/securetoken.googleapis.com/v1/token"

    static func post(
        _ api: API, _ path: String, _ body: [String: Any], key: String? = "k", authorization: String? = nil
    ) async throws -> Reply {
        var fields: HTTPFields = [.contentType: "application/json"]
        if let authorization { fields[.authorization] = authorization }
        let query = key.map { "?key=\($0)" } ?? ""
        let data = try JSONSerialization.data(withJSONObject: body)
        return Reply(try await api.client.executeRequest(uri: path + query, method: .post, headers: fields, body: ByteBuffer(bytes: data)))
    }

    /// The Firebase error name of a reply (its message up to the first colon).
    static func name(_ reply: Reply) -> String? {
        reply.json?["error"]?["message"]?.stringValue?.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("v3, v1 and firebase-admin's paths reach the same RPCs; securetoken refreshes", arguments: Backend.all)
    func addressingForms(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("fb-route")
            let signUp = try await Self.post(api, Self.v3 + "signupNewUser", ["email": email, "password": TestServer.password])
            #expect(signUp.status == .ok, "\(signUp)")
            #expect(signUp.json?["expiresIn"]?.stringValue == "3600")
            let signIn = try await Self.post(
                api, Self.v1 + "accounts:signInWithPassword", ["email": email, "password": TestServer.password])
            #expect(signIn.status == .ok, "\(signIn)")
            let idToken = try #require(signIn.json?["idToken"]?.stringValue)
            let lookup = try await Self.post(api, Self.v1 + "accounts:lookup", ["idToken": idToken])
            #expect(lookup.json?["users"]?.arrayValue?.count == 1, "\(lookup)")
            let admin = try await Self.post(
                api, Self.project + "accounts:lookup", ["email": [email]], key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            #expect(admin.json?["users"]?[0]?["email"]?.stringValue == email, "\(admin)")
            let refreshToken = try #require(signIn.json?["refreshToken"]?.stringValue)
            let refreshed = try await Self.post(api, Self.secureToken, ["grantType": "refresh_token", "refreshToken": refreshToken])
            #expect(refreshed.status == .ok, "\(refreshed)")
            #expect(refreshed.json?["user_id"] == lookup.json?["users"]?[0]?["localId"])
        }
    }

    @Test("unknown RPCs and other projects are Firebase errors, not GoTrue's", arguments: Backend.all)
    func unknownPaths(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for path in [Self.v3 + "createAuthUri", Self.v1 + "accounts:nope", Self.v1 + "nope", Self.project + "tenants"] {
                let reply = try await Self.post(api, path, [:])
                #expect(reply.status == .notFound, "\(path): \(reply)")
                #expect(reply.json?["error"]?["code"]?.intValue == 404, "\(path): \(reply)")
            }
            let other = try await Self.post(
                api, "/identitytoolkit.googleapis.com/v1/projects/other-project/accounts:lookup", ["localId": ["x"]], key: nil,
                authorization: "Bearer \(api.serviceRoleToken)")
            #expect(Self.name(other) == "INVALID_PROJECT_ID", "\(other)")
        }
    }

    @Test("a missing key is 403, an unlisted one API_KEY_INVALID (keyInvalid)", arguments: Backend.all)
    func apiKeys(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.firebase.apiKeys = ["right"] }) { api in
            let body = ["email": "a@example.com", "password": "x"]
            let missing = try await Self.post(api, Self.v1 + "accounts:signInWithPassword", body, key: nil)
            #expect(missing.status == .forbidden, "\(missing)")
            let wrong = try await Self.post(api, Self.v1 + "accounts:signInWithPassword", body, key: "wrong")
            #expect(wrong.status == .badRequest, "\(wrong)")
            #expect(wrong.json?["error"]?["errors"]?[0]?["reason"]?.stringValue == "keyInvalid")
            #expect(wrong.json?["error"]?["details"]?[0]?["reason"]?.stringValue == "API_KEY_INVALID")
            let right = try await Self.post(api, Self.v1 + "accounts:signInWithPassword", body, key: "right")
            #expect(Self.name(right) == "INVALID_LOGIN_CREDENTIALS", "\(right)")
        }
    }

    static func ownerLookup(_ api: API) async throws -> Reply {
        try await post(api, project + "accounts:lookup", ["email": ["a@example.com"]], key: nil, authorization: "Bearer owner")
    }

    @Test("Bearer owner: an administrator in development on loopback only", arguments: Backend.all)
    func owner(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let reply = try await Self.ownerLookup(api)
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.json?["kind"]?.stringValue == "identitytoolkit#GetAccountInfoResponse")
        }
        try await TestServer.run(
            backend,
            configure: {
                $0.host = "192.0.2.10"
                $0.allowDevelopmentOnNetwork = true
            }
        ) { api in
            let reply = try await Self.ownerLookup(api)
            #expect(reply.status == .unauthorized, "\(reply)")
        }
        try await TestServer.run(backend, configure: { $0.environment = .production }) { api in
            let reply = try await Self.ownerLookup(api)
            #expect(reply.status == .unauthorized, "\(reply)")
        }
    }

    @Test("without admin rights, id- and address-based calls are refused", arguments: Backend.all)
    func permissions(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let victim = try await api.signedInUser()
            for (rpc, body) in [
                ("accounts:lookup", ["email": ["a@example.com"]] as [String: Any]), ("accounts:update", ["localId": victim.userId]),
                ("accounts:delete", ["localId": victim.userId]),
            ] {
                let reply = try await Self.post(api, Self.v1 + rpc, body)
                #expect(Self.name(reply) == "MISSING_ID_TOKEN", "\(rpc): \(reply)")
            }
            let user = try await Self.post(
                api, Self.project + "accounts:lookup", ["localId": [victim.userId]], key: nil, authorization: "Bearer \(victim.accessToken)"
            )
            #expect(user.status == .forbidden, "\(user)")
            #expect(Self.name(user) == "INSUFFICIENT_PERMISSION")
            #expect(try await api.user(victim.accessToken).status == .ok)
        }
    }

    @Test("no project, no Firebase routes: GoTrue's 404", arguments: Backend.all)
    func disabled(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.firebase.projectId = nil }) { api in
            for path in [Self.v3 + "verifyPassword", Self.v1 + "accounts:signInWithPassword", Self.secureToken] {
                let reply = try await Self.post(api, path, [:])
                #expect(reply.status == .notFound, "\(path): \(reply)")
                #expect(reply.json?["error"] == nil, "\(path): \(reply)")
            }
        }
    }

    @Test("a browser's preflight allows the headers the Firebase JS SDK sends", arguments: Backend.all)
    func preflight(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.siteURL = "http://localhost:5173" }) { api in
            let origin = "http://localhost:5173"
            let reply = Reply(
                try await api.client.executeRequest(
                    uri: Self.v1 + "accounts:signInWithPassword?key=k", method: .options,
                    headers: [
                        .origin: origin, .accessControlRequestMethod: "POST",
                        .accessControlRequestHeaders: "content-type, x-client-version, x-firebase-gmpid, x-firebase-client, x-goog-api-key",
                    ], body: nil))
            #expect(reply.status == .noContent, "\(reply)")
            let allowed = Set(
                (reply.headers[.accessControlAllowHeaders] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                })
            #expect(
                allowed.isSuperset(of: ["content-type", "x-client-version", "x-firebase-gmpid", "x-firebase-client", "x-goog-api-key"]))
        }
    }
}
