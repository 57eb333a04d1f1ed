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

@Suite("GET and PUT /user")
struct UserEndpointTests {
    @Test("GET /user with a valid, missing or invalid Bearer token", arguments: Backend.all)
    func bearer(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let session = try await api.signedInUser(email)
            let me = try await api.user(session.accessToken)
            #expect(me.status == .ok)
            #expect(me["id"] == .string(session.userId))
            #expect(me["email"] == .string(email))
            #expect(me["encrypted_password"] == nil)

            let lowercase = try await api.send(.get, "/user", headers: [.authorization: "bearer \(session.accessToken)"])
            #expect(lowercase.status == .ok)

            for header in [nil, "", "Bearer", "Bearer   ", "Basic dXNlcjpwYXNz", session.accessToken] as [String?] {
                var headers: HTTPFields = [:]
                if let header { headers[.authorization] = header }
                let reply = try await api.send(.get, "/user", headers: headers)
                #expect(reply.status == .unauthorized, "\(header ?? "nil")")
                #expect(reply.errorCode == "no_authorization", "\(header ?? "nil")")
            }

            let otherSecret = try await TokenSigner(secret: String(repeating: "z", count: 40), issuer: "x", lifetime: 60)
                .roleToken("authenticated", validFor: 60)
            var forged = Array(session.accessToken)
            forged[forged.count - 3] = forged[forged.count - 3] == "A" ? "B" : "A"
            for token in ["garbage", "a.b.c", otherSecret, String(forged), api.serviceRoleToken] {
                let reply = try await api.user(token)
                #expect(reply.status == .forbidden, "\(token)")
                #expect(reply.errorCode == "bad_jwt", "\(token)")
            }
        }
    }

    @Test("an expired or unsigned (alg none) token for a live session: 403 bad_jwt", arguments: Backend.all)
    func expiredAndUnsigned(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let claims = try jwtPayload(session.accessToken)
            let sessionId = try #require(claims["session_id"]?.stringValue.flatMap(UUID.init(uuidString:)))
            var user = UserRecord.new(
                email: try EmailAddress(validating: "x@example.com"), passwordHash: "", userMetadata: [:], confirmedAt: nil)
            user.id = try #require(UUID(uuidString: session.userId))
            let hourAgo = Timestamp.now().adding(seconds: -7200)
            let record = SessionRecord(
                id: sessionId, userId: user.id, aal: "aal1", amr: [], refreshCounter: 0, refreshedAt: hourAgo, createdAt: hourAgo)
            let signer = await TokenSigner(secret: TestServer.jwtSecret, issuer: "http://127.0.0.1:9999/auth/v1", lifetime: 3600)
            let expired = try await signer.accessToken(for: user, session: record, now: hourAgo).token
            let fresh = try await signer.accessToken(for: user, session: record, now: .now()).token
            // The same claims, freshly signed, are accepted: the rejection is about expiry alone.
            #expect(try await api.user(fresh).status == .ok)

            let parts = session.accessToken.split(separator: ".")
            let none = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URLEncodedString() + "." + parts[1] + "."
            for token in [expired, none] {
                let reply = try await api.user(token)
                #expect(reply.status == .forbidden)
                #expect(reply.errorCode == "bad_jwt")
            }
        }
    }

    @Test("GET /user after logout: 403 session_not_found; after deletion: 403 user_not_found", arguments: Backend.all)
    func afterLogoutAndDeletion(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            #expect(try await api.logout(session.accessToken).status == .noContent)
            let reply = try await api.user(session.accessToken)
            #expect(reply.status == .forbidden)
            #expect(reply.errorCode == "session_not_found")

            let other = try await api.signedInUser()
            let deleted = try await api.send(.delete, "/admin/users/\(other.userId)", bearer: api.serviceRoleToken)
            #expect(deleted.status == .ok)
            let gone = try await api.user(other.accessToken)
            #expect(gone.status == .forbidden)
            #expect(gone.errorCode == "user_not_found")
        }
    }

    @Test("PUT /user password: new works, old fails, other sessions end, the caller's stays", arguments: Backend.all)
    func changePassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let caller = try await api.signedInUser(email)
            let other = try TestSession(try await api.signIn(email))

            let same = try await api.send(.put, "/user", json: ["password": TestServer.password], bearer: caller.accessToken)
            #expect(same.status == .unprocessableContent)
            #expect(same.errorCode == "same_password")

            let weak = try await api.send(.put, "/user", json: ["password": "short"], bearer: caller.accessToken)
            #expect(weak.status == .unprocessableContent)
            #expect(weak.errorCode == "weak_password")
            #expect(weak["weak_password"]?["reasons"] == .array([.string("length")]))

            let changed = try await api.send(.put, "/user", json: ["password": TestServer.otherPassword], bearer: caller.accessToken)
            #expect(changed.status == .ok, "\(changed)")
            #expect(changed["id"] == .string(caller.userId))

            #expect(try await api.signIn(email, TestServer.otherPassword).status == .ok)
            let old = try await api.signIn(email, TestServer.password)
            #expect(old.status == .badRequest)
            #expect(old.errorCode == "invalid_credentials")

            // The other session is gone, for refresh and for its access token.
            let otherRefresh = try await api.refresh(other.refreshToken)
            #expect(otherRefresh.status == .badRequest)
            #expect(otherRefresh.errorCode == "refresh_token_not_found")
            #expect(try await api.user(other.accessToken).errorCode == "session_not_found")
            // The caller's session lives on.
            #expect(try await api.user(caller.accessToken).status == .ok)
            #expect(try await api.refresh(caller.refreshToken).status == .ok)
        }
    }

    @Test("PUT /user data merges into user_metadata; null removes a key", arguments: Backend.all)
    func mergeMetadata(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let signUp = try await api.signUp(TestServer.uniqueEmail(), data: ["a": 1, "b": "x", "nested": ["k": true]])
            let session = try TestSession(signUp)
            let reply = try await api.send(
                .put, "/user", json: ["data": ["b": NSNull(), "c": true, "a": 2]], bearer: session.accessToken
            )
            #expect(reply.status == .ok, "\(reply)")
            let metadata = try #require(reply["user_metadata"])
            #expect(metadata["a"]?.intValue == 2)
            #expect(metadata["b"] == nil)
            #expect(metadata["c"] == .bool(true))
            #expect(metadata["nested"] == .object(["k": .bool(true)]))
            #expect(metadata["email_verified"] == .bool(true))

            let fetched = try await api.user(session.accessToken)
            #expect(fetched["user_metadata"] == metadata)
        }
    }

    @Test("PUT /user: app_metadata needs an admin (403 not_admin), no token 401", arguments: Backend.all)
    func forbiddenUpdates(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let app = try await api.send(.put, "/user", json: ["app_metadata": ["role": "admin"]], bearer: session.accessToken)
            #expect(app.status == .forbidden)
            #expect(app.errorCode == "not_admin")

            let anonymous = try await api.send(.put, "/user", json: ["data": ["a": 1]])
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "no_authorization")
        }
    }

    @Test("PUT /user with nothing to change returns the user unchanged", arguments: Backend.all)
    func emptyUpdate(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let before = try await api.user(session.accessToken)
            let reply = try await api.send(.put, "/user", json: [:], bearer: session.accessToken)
            #expect(reply.status == .ok)
            #expect(reply["id"] == before["id"])
            #expect(reply["updated_at"] == before["updated_at"])
        }
    }
}
