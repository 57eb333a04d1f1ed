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

/// `POST /signup` without credentials: GoTrue's anonymous sign-in.
@Suite struct AnonymousSignInRouteTests {
    static func enabled(_ configuration: inout ServerConfiguration) {
        configuration.anonymousUsersEnabled = true
        configuration.emailSendWindow = 0
    }

    @Test("off by default: 422 anonymous_provider_disabled", arguments: Backend.all)
    func disabledByDefault(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let reply = try await api.send(.post, "/signup", json: [:])
            #expect(reply.status == .unprocessableContent && reply.errorCode == "anonymous_provider_disabled", "\(reply)")
            let settings = try await api.send(.get, "/settings")
            #expect(settings["external"]?["anonymous_users"] == .bool(false))
        }
    }

    @Test("an anonymous user and session: is_anonymous in the user and the token, amr anonymous", arguments: Backend.all)
    func signsIn(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let reply = try await api.send(.post, "/signup", json: ["data": ["theme": "dark"]])
            let session = try TestSession(reply)
            let user = try #require(reply["user"])
            #expect(user["email"] == .string(""))
            #expect(user["is_anonymous"] == .bool(true))
            #expect(user["app_metadata"] == .object([:]))
            #expect(user["user_metadata"]?["theme"] == .string("dark"))
            #expect(user["identities"] == .array([]))
            let claims = try jwtPayload(session.accessToken)
            #expect(claims["is_anonymous"] == .bool(true))
            #expect(claims["email"] == .string(""))
            #expect(claims["amr"]?[0]?["method"] == .string("anonymous"))
            #expect(try await api.user(session.accessToken)["is_anonymous"] == .bool(true))
            let settings = try await api.send(.get, "/settings")
            #expect(settings["external"]?["anonymous_users"] == .bool(true))
        }
    }

    @Test("GoTrue's restrictions: no password without an address, no reauthentication", arguments: Backend.all)
    func restrictions(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let session = try TestSession(try await api.send(.post, "/signup", json: [:]))
            let password = try await api.send(.put, "/user", json: ["password": TestServer.password], bearer: session.accessToken)
            #expect(password.status == .unprocessableContent && password.errorCode == "validation_failed", "\(password)")
            let reauth = try await api.send(.get, "/reauthenticate", bearer: session.accessToken)
            #expect(reauth.status == .badRequest && reauth.errorCode == "validation_failed", "\(reauth)")
        }
    }

    @Test("converted by PUT /user {email, password}: the new address confirms, is_anonymous becomes false", arguments: Backend.all)
    func conversion(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.enabled) { api in
            let session = try TestSession(try await api.send(.post, "/signup", json: [:]))
            let email = TestServer.uniqueEmail("converted")
            let pending = try await api.send(
                .put, "/user", json: ["email": email, "password": TestServer.password], bearer: session.accessToken)
            #expect(pending.status == .ok, "\(pending)")
            #expect(pending["is_anonymous"] == .bool(true) && pending["new_email"]?.stringValue == email)
            let mail = try await EmailChangeMail.secrets(api, to: email, subject: EmailChangeMail.newSubject)
            let done = try await api.send(.post, "/verify", json: ["type": "email_change", "email": email, "token": mail.code])
            #expect(done.status == .ok, "\(done)")
            #expect(done["user"]?["is_anonymous"] == .bool(false))
            #expect(done["user"]?["email"]?.stringValue == email)
            #expect(done["user"]?["app_metadata"]?["providers"] == .array([.string("email")]))
            #expect(done["user"]?["identities"]?.arrayValue?.count == 1)
            let claims = try jwtPayload(try #require(done["access_token"]?.stringValue))
            #expect(claims["is_anonymous"] == .bool(false))
            #expect(try await api.signIn(email).status == .ok)
        }
    }

    @Test("with autoconfirm on, PUT /user {email} converts at once", arguments: Backend.all)
    func autoconfirmConversion(backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.enabled(&$0)
                $0.autoconfirm = true
            }
        ) { api in
            let session = try TestSession(try await api.send(.post, "/signup", json: [:]))
            let email = TestServer.uniqueEmail("instant")
            let reply = try await api.send(.put, "/user", json: ["email": email], bearer: session.accessToken)
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["email"]?.stringValue == email && reply["is_anonymous"] == .bool(false))
            #expect(reply["email_confirmed_at"] != nil)
        }
    }

    @Test("the per-client hourly budget: 429 over_request_rate_limit", arguments: Backend.all)
    func budget(backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.enabled(&$0)
                $0.anonymousSignInsPerHour = 2
            }
        ) { api in
            for _ in 0..<2 { #expect(try await api.send(.post, "/signup", json: [:]).status == .ok) }
            let over = try await api.send(.post, "/signup", json: [:])
            #expect(over.status == .tooManyRequests && over.errorCode == "over_request_rate_limit", "\(over)")
        }
    }
}
