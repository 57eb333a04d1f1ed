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

import GatehouseCore
import HTTPTypes
import NIOCore
import Testing

@testable import GatehouseServer

/// The authentication the route table declares: user routes resolve the bearer token, admin
/// routes the admin role, before the handler runs and so before any body is read.
@Suite("Route table: authentication")
struct AuthenticationMiddlewareTests {
    static let userRoutes: [(HTTPRequest.Method, String)] = [
        (.get, "/user"), (.put, "/user"), (.post, "/logout"), (.get, "/reauthenticate"),
    ]
    static let adminRoutes: [(HTTPRequest.Method, String)] = [
        (.post, "/admin/users"), (.get, "/admin/users"), (.get, "/admin/users/x"), (.put, "/admin/users/x"),
        (.delete, "/admin/users/x"), (.get, "/admin/mail"), (.get, "/admin/audit"),
    ]

    @Test("user and admin routes without a token: 401 no_authorization, whatever the body", arguments: Backend.all)
    func noToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for (method, path) in Self.userRoutes + Self.adminRoutes {
                for client in [api, api.atRoot] {
                    let reply = try await client.send(method, path, raw: ByteBuffer(string: "{not json"))
                    #expect(reply.status == .unauthorized, "\(method) \(path): \(reply)")
                    #expect(reply.errorCode == "no_authorization", "\(method) \(path)")
                }
            }
        }
    }

    @Test("a signed-out session's token is refused before the body is read", arguments: Backend.all)
    func signedOutToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            #expect(try await api.logout(session.accessToken).status == .noContent)
            for (method, path) in Self.userRoutes {
                let reply = try await api.send(method, path, raw: ByteBuffer(string: "{not json"), bearer: session.accessToken)
                #expect(reply.status == .forbidden, "\(method) \(path): \(reply)")
                #expect(reply.errorCode == "session_not_found", "\(method) \(path)")
            }
        }
    }

    @Test("a user's token is not an admin token", arguments: Backend.all)
    func userTokenOnAdminRoutes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            for (method, path) in Self.adminRoutes {
                let reply = try await api.send(method, path, raw: ByteBuffer(string: "{not json"), bearer: session.accessToken)
                #expect(reply.status == .forbidden, "\(method) \(path): \(reply)")
                #expect(reply.errorCode == "not_admin", "\(method) \(path)")
            }
        }
    }

    @Test("the handler sees the caller the middleware resolved", arguments: Backend.all)
    func callerReachesTheHandler(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let other = try await api.signedInUser()
            #expect(try await api.user(session.accessToken)["id"]?.stringValue == session.userId)
            #expect(try await api.atRoot.user(other.accessToken)["id"]?.stringValue == other.userId)
        }
    }
}
