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
import Testing

@testable import GatehouseServer

@Suite("Restarts on the same database")
struct RestartTests {
    @Test("accounts and sessions survive a restart; migrations run again harmlessly", arguments: Backend.all)
    func survivesRestart(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail()
            let session = try await TestServer.run(on: database) { api in
                try await api.signedInUser(email)
            }
            try await TestServer.run(on: database) { api in
                let me = try await api.user(session.accessToken)
                let refresh = try await api.refresh(session.refreshToken)
                let signIn = try await api.signIn(email)
                #expect(me.status == .ok)
                #expect(refresh.status == .ok)
                #expect(signIn.status == .ok)
            }
        }
    }

    @Test("a stricter policy later: sign-in still works and reports weak_password", arguments: Backend.all)
    func stricterPolicy(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let email = TestServer.uniqueEmail()
            try await TestServer.run(on: database) { api in
                try await api.createUser(email, "eight8x8")
            }
            try await TestServer.run(on: database, configure: { $0.passwordPolicy = PasswordPolicy(minimumLength: 12) }) { api in
                let reply = try await api.signIn(email, "eight8x8")
                #expect(reply.status == .ok, "\(reply)")
                #expect(reply["weak_password"]?["reasons"] == .array([.string("length")]))
                #expect(reply["weak_password"]?["message"]?.stringValue?.isEmpty == false)
                #expect(reply["access_token"]?.stringValue != nil)
            }
        }
    }

    @Test("a new JWT secret invalidates earlier access and refresh tokens", arguments: Backend.all)
    func rotatedSecret(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let session = try await TestServer.run(on: database) { api in
                try await api.signedInUser()
            }
            try await TestServer.run(on: database, configure: { $0.jwtSecret = String(repeating: "n", count: 40) }) { api in
                let me = try await api.user(session.accessToken)
                #expect(me.status == .forbidden)
                #expect(me.errorCode == "bad_jwt")
                let refresh = try await api.refresh(session.refreshToken)
                #expect(refresh.status == .badRequest)
                #expect(refresh.errorCode == "refresh_token_not_found")
            }
        }
    }
}
