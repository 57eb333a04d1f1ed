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

@Suite("POST /token?grant_type=password")
struct SignInTests {
    @Test("the right password gives a session", arguments: Backend.all)
    func success(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let before = Int(Date().timeIntervalSince1970)
            let reply = try await api.signIn(email.uppercased())
            let after = Int(Date().timeIntervalSince1970)
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.json?.keys == ["access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"])
            #expect(reply["token_type"] == .string("bearer"))
            #expect(reply["expires_in"]?.intValue == 3600)
            #expect(reply["user"]?["email"] == .string(email))
            #expect(reply["user"]?["last_sign_in_at"]?.stringValue != nil)
            #expect(reply["user"]?["identities"]?[0]?["last_sign_in_at"]?.stringValue != nil)
            let expiresAt = try #require(reply["expires_at"]?.intValue)
            // Issued while the request was handled, however long a loaded machine took.
            #expect((before + 3600 - 1...after + 3600 + 1).contains(expiresAt), "\(expiresAt)")
        }
    }

    @Test("wrong password and unknown address: the same 400 invalid_credentials", arguments: Backend.all)
    func invalidCredentials(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let wrong = try await api.signIn(email, TestServer.otherPassword)
            let unknown = try await api.signIn(TestServer.uniqueEmail("nobody"), TestServer.otherPassword)
            let malformed = try await api.signIn("not-an-address", TestServer.otherPassword)
            for reply in [wrong, unknown, malformed] {
                #expect(reply.status == .badRequest)
                #expect(reply.errorCode == "invalid_credentials")
                #expect(reply.message == "Invalid login credentials")
            }
            #expect(wrong.json == unknown.json)
            #expect(wrong.json == malformed.json)
            // Every answer has its own X-Request-Id, whoever asked; all else is the same.
            var (wrongHeaders, unknownHeaders) = (wrong.headers, unknown.headers)
            wrongHeaders[RequestIdMiddleware.header] = nil
            unknownHeaders[RequestIdMiddleware.header] = nil
            #expect(wrongHeaders == unknownHeaders)
        }
    }

    @Test("email_not_confirmed is told only to someone who knew the password", arguments: Backend.all)
    func notConfirmedOnlyAfterPassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email, confirmed: false)
            let wrong = try await api.signIn(email, TestServer.otherPassword)
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorCode == "invalid_credentials")
            let right = try await api.signIn(email)
            #expect(right.status == .badRequest)
            #expect(right.errorCode == "email_not_confirmed")
        }
    }

    @Test("an over-long password fails as invalid_credentials, not as a validation error", arguments: Backend.all)
    func overLongPassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let reply = try await api.signIn(email, String(repeating: "x", count: 100))
            #expect(reply.status == .badRequest)
            #expect(reply.errorCode == "invalid_credentials")
        }
    }

    @Test("all 72 bytes of a password count", arguments: Backend.all)
    func seventyTwoBytes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let password = String(repeating: "a", count: 71) + "b"
            try await api.createUser(email, password)
            #expect(try await api.signIn(email, password).status == .ok)
            for wrong in [String(repeating: "a", count: 71) + "c", String(repeating: "a", count: 71), String(repeating: "a", count: 72)] {
                let reply = try await api.signIn(email, wrong)
                #expect(reply.errorCode == "invalid_credentials", "\(wrong.count) bytes")
            }
        }
    }

    @Test("surrounding white space and case in the address do not matter", arguments: Backend.all)
    func addressNormalization(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            #expect(try await api.signIn("  \(email.uppercased())\n").status == .ok)
        }
    }

    @Test("the apikey header and an anon Bearer key are ignored on public routes", arguments: Backend.all)
    func anonKeyIgnored(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let anon = try await TokenSigner(secret: TestServer.jwtSecret, issuer: "t", lifetime: 60).roleToken("anon", validFor: 60)
            let headers: HTTPFields = [.authorization: "Bearer \(anon)", HTTPField.Name("apikey")!: anon]
            let email = TestServer.uniqueEmail()
            let signUp = try await api.send(.post, "/signup", json: ["email": email, "password": TestServer.password], headers: headers)
            #expect(signUp.status == .ok, "\(signUp)")
            #expect(try await api.signIn(email, headers: headers).status == .ok)
            let refresh = try await api.send(
                .post, "/token?grant_type=refresh_token", json: ["refresh_token": TestSession(signUp).refreshToken], headers: headers
            )
            #expect(refresh.status == .ok)
        }
    }

    @Test("missing email or password: 400 validation_failed", arguments: Backend.all)
    func missingFields(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for body: [String: Any] in [["password": "whatever-password"], ["email": TestServer.uniqueEmail()], [:]] {
                let reply = try await api.send(.post, "/token?grant_type=password", json: body)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.errorCode == "validation_failed", "\(body)")
            }
        }
    }

    @Test("an unknown or missing grant_type: 400 invalid_credentials", arguments: Backend.all)
    func unknownGrant(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for query in ["?grant_type=magic", ""] {
                let reply = try await api.send(.post, "/token" + query, json: ["email": "a@b.co", "password": "x"])
                #expect(reply.status == .badRequest)
                #expect(reply.errorCode == "invalid_credentials")
            }
        }
    }

    @Test("each sign-in is a new session", arguments: Backend.all)
    func separateSessions(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let first = try await api.signedInUser(email)
            let second = try TestSession(try await api.signIn(email))
            #expect(first.refreshToken != second.refreshToken)
            let a = try jwtPayload(first.accessToken)["session_id"]
            let b = try jwtPayload(second.accessToken)["session_id"]
            #expect(a != nil && a != b)
        }
    }
}

@Suite("Access-token claims")
struct AccessTokenClaimsTests {
    @Test("GoTrue's claims: sub, aud, role, email, exp - iat, session_id, aal, amr, is_anonymous", arguments: Backend.all)
    func claims(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let userId = try await api.createUser(email)
            let before = Int(Date().timeIntervalSince1970)
            let reply = try await api.signIn(email)
            let after = Int(Date().timeIntervalSince1970)
            let session = try TestSession(reply)
            let claims = try jwtPayload(session.accessToken)
            #expect(claims["sub"] == .string(userId))
            #expect(claims["aud"] == .string("authenticated"))
            #expect(claims["role"] == .string("authenticated"))
            #expect(claims["email"] == .string(email))
            #expect(claims["phone"] == .string(""))
            #expect(claims["iss"] == .string("http://127.0.0.1:9999/auth/v1"))
            let iat = try #require(claims["iat"]?.intValue)
            let exp = try #require(claims["exp"]?.intValue)
            #expect(exp - iat == 3600)
            #expect(reply["expires_at"]?.intValue == exp)
            #expect((before - 1...after + 1).contains(iat), "\(iat)")
            let sessionId = try #require(claims["session_id"]?.stringValue)
            #expect(UUID(uuidString: sessionId) != nil)
            #expect(claims["aal"] == .string("aal1"))
            #expect(claims["amr"]?[0]?["method"] == .string("password"))
            #expect(claims["amr"]?[0]?["timestamp"]?.intValue == iat)
            #expect(claims["is_anonymous"] == .bool(false))
            #expect(claims["app_metadata"]?["provider"] == .string("email"))
            #expect(claims["user_metadata"]?.objectValue != nil)
        }
    }

    @Test("the lifetime follows the configured expiry", arguments: Backend.all)
    func configuredExpiry(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.jwtExpiry = 120 }) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let reply = try await api.signIn(email)
            let session = try TestSession(reply)
            let claims = try jwtPayload(session.accessToken)
            let exp = try #require(claims["exp"]?.intValue)
            let iat = try #require(claims["iat"]?.intValue)
            #expect(exp - iat == 120)
            #expect(reply["expires_in"]?.intValue == 120)
        }
    }
}
