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
import JWTKit
import Testing

@testable import GatehouseServer

/// A user's token with an admin role is only as good as the user and session
/// behind it, checked on every admin call; session-less API keys alone are trusted on their claims.
@Suite("Admin routes: tokens that name a user or a session")
struct AdminAuthorizationTests {
    /// An account promoted to `service_role`, signed in: its access token carries that role.
    static func operatorSession(_ api: API) async throws -> (session: TestSession, email: String) {
        let email = TestServer.uniqueEmail("operator")
        let id = try await api.createUser(email)
        let promoted = try await api.send(.put, "/admin/users/\(id)", json: ["role": "service_role"], bearer: api.serviceRoleToken)
        try #require(promoted.status == .ok, "\(promoted)")
        let session = try TestSession(try await api.signIn(email))
        try #require(try jwtPayload(session.accessToken)["role"] == .string("service_role"))
        try #require(try await api.send(.get, "/admin/users", bearer: session.accessToken).status == .ok)
        return (session, email)
    }

    @Test("signed out, demoted, banned or deleted: the old admin token is refused", arguments: Backend.all)
    func revokedOperators(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let signedOut = try await Self.operatorSession(api).session
            #expect(try await api.logout(signedOut.accessToken).status == .noContent)
            let afterLogout = try await api.send(.get, "/admin/users", bearer: signedOut.accessToken)
            #expect(afterLogout.status == .forbidden, "\(afterLogout)")
            #expect(afterLogout.errorCode == "session_not_found")

            let demoted = try await Self.operatorSession(api).session
            let demote = try await api.send(
                .put, "/admin/users/\(demoted.userId)", json: ["role": "authenticated"], bearer: api.serviceRoleToken)
            #expect(demote.status == .ok)
            let afterDemotion = try await api.send(
                .post, "/admin/users", json: ["email": TestServer.uniqueEmail("backdoor"), "password": TestServer.password],
                bearer: demoted.accessToken
            )
            #expect(afterDemotion.status == .forbidden, "\(afterDemotion)")
            #expect(afterDemotion.errorCode == "not_admin")

            let banned = try await Self.operatorSession(api).session
            // The ban itself ends the sessions; the token must fail however the check is reached.
            let ban = try await api.send(.put, "/admin/users/\(banned.userId)", json: ["ban_duration": "24h"], bearer: api.serviceRoleToken)
            #expect(ban.status == .ok)
            #expect(try await api.send(.get, "/admin/users", bearer: banned.accessToken).status == .forbidden)

            let deleted = try await Self.operatorSession(api).session
            #expect(try await api.send(.delete, "/admin/users/\(deleted.userId)", bearer: api.serviceRoleToken).status == .ok)
            let afterDeletion = try await api.send(.get, "/admin/users", bearer: deleted.accessToken)
            #expect(afterDeletion.status == .forbidden, "\(afterDeletion)")
        }
    }

    @Test("a token naming a user without a session: that user's stored role decides", arguments: Backend.all)
    func userWithoutSession(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let plain = try await api.createUser(TestServer.uniqueEmail("plain"))
            let keys = JWTKeyCollection()
            await keys.add(hmac: HMACKey(from: TestServer.jwtSecret), digestAlgorithm: .sha256)
            struct Claims: JWTPayload {
                var sub: String
                var role: String
                func verify(using algorithm: some JWTAlgorithm) async throws {}
            }
            let forged = try await keys.sign(Claims(sub: plain, role: "service_role"))
            let reply = try await api.send(.get, "/admin/users", bearer: forged)
            #expect(reply.status == .forbidden, "\(reply)")
            #expect(reply.errorCode == "not_admin")
            let unknown = try await keys.sign(Claims(sub: UUID().uuidString.lowercased(), role: "service_role"))
            #expect(try await api.send(.get, "/admin/users", bearer: unknown).status == .forbidden)

            // Session-less API keys (supabase-py's test keys: no exp, a non-UUID sub) still work.
            let apiKey = try await keys.sign(Claims(sub: "1234567890", role: "supabase_admin"))
            #expect(try await api.send(.get, "/admin/users", bearer: apiKey).status == .ok)
            #expect(try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken).status == .ok)
        }
    }
}
