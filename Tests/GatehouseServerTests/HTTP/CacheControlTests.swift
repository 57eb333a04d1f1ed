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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// Answers that carry tokens or user data must not be stored by browsers or proxies
///: `Cache-Control: no-store` and `Pragma: no-cache` on every API answer.
@Suite("Cache-Control on API answers")
struct CacheControlTests {
    static func expectNoStore(_ reply: Reply, _ what: String) {
        #expect(reply.headers[.cacheControl] == "no-store", "\(what): \(reply.headers)")
        #expect(reply.header("Pragma") == "no-cache", "\(what): \(reply.headers)")
    }

    @Test("token, user, signup, admin and error answers say no-store", arguments: Backend.all)
    func apiAnswers(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail()
            let signUp = try await api.signUp(email)
            #expect(signUp["access_token"] != nil)
            Self.expectNoStore(signUp, "signup with a session")
            let signIn = try await api.signIn(email)
            Self.expectNoStore(signIn, "password grant")
            let session = try TestSession(signIn)
            let refreshed = try await api.refresh(session.refreshToken)
            Self.expectNoStore(refreshed, "refresh grant")
            Self.expectNoStore(try await api.user(session.accessToken), "GET /user")
            let update = try await api.send(.put, "/user", json: ["data": ["a": 1]], bearer: session.accessToken)
            #expect(update.status == .ok)
            Self.expectNoStore(update, "PUT /user")
            Self.expectNoStore(try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken), "admin list")
            let created = try await api.send(
                .post, "/admin/users", json: ["email": TestServer.uniqueEmail(), "password": TestServer.password],
                bearer: api.serviceRoleToken
            )
            Self.expectNoStore(created, "admin create")
            Self.expectNoStore(try await api.signIn(email, "wrong-password-1"), "an error answer")
            Self.expectNoStore(try await api.atRoot.send(.get, "/settings"), "settings")
        }
    }
}
