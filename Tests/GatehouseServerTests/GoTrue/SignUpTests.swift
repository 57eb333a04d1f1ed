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

@Suite("POST /signup")
struct SignUpTests {
    @Test("autoconfirm on: a session for a confirmed user", arguments: Backend.all)
    func autoconfirmOn(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let reply = try await api.signUp("  New.Person@Example.COM ", data: ["name": "Ann"])
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["token_type"] == .string("bearer"))
            #expect(reply["expires_in"]?.intValue == 3600)
            #expect(reply["refresh_token"]?.stringValue?.isEmpty == false)
            let user = try #require(reply["user"])
            #expect(user["email"] == .string("new.person@example.com"))
            #expect(user["email_confirmed_at"]?.stringValue != nil)
            #expect(user["user_metadata"]?["name"] == .string("Ann"))
            #expect(user["user_metadata"]?["email_verified"] == .bool(true))
            #expect(user["app_metadata"]?["provider"] == .string("email"))
            #expect(user["identities"]?.arrayValue?.count == 1)
            #expect(user["last_sign_in_at"]?.stringValue != nil)

            let session = try TestSession(reply)
            let me = try await api.user(session.accessToken)
            #expect(me.status == .ok)
            #expect(me["id"] == user["id"])
            #expect(try await api.signIn("new.person@example.com").status == .ok)
        }
    }

    @Test("autoconfirm off: a user without a session, who cannot sign in yet", arguments: Backend.all)
    func autoconfirmOff(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let reply = try await api.signUp(email, data: ["plan": "free"])
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["access_token"] == nil)
            #expect(reply["id"]?.stringValue?.count == 36)
            #expect(reply["email"] == .string(email))
            #expect(reply["email_confirmed_at"] == nil)
            #expect(reply["confirmed_at"] == nil)
            #expect(reply["confirmation_sent_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) != nil)
            #expect(reply["user_metadata"]?["plan"] == .string("free"))
            let identity = try #require(reply["identities"]?[0])
            #expect(identity["user_id"] == reply["id"])
            #expect(identity["provider"] == .string("email"))

            let signIn = try await api.signIn(email)
            #expect(signIn.status == .badRequest)
            #expect(signIn.errorCode == "email_not_confirmed")
        }
    }

    @Test("autoconfirm off, confirmed address: a user of the same shape, nothing stored", arguments: Backend.all)
    func existingConfirmedAddressIsNotRevealed(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let fresh = try await api.signUp(TestServer.uniqueEmail())
            #expect(fresh.status == .ok)

            let email = TestServer.uniqueEmail("taken")
            let realId = try await api.createUser(email, TestServer.password)
            let count = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken).header("X-Total-Count")

            let again = try await api.signUp(email.uppercased(), TestServer.otherPassword, data: ["x": 1])
            #expect(again.status == .ok, "\(again)")
            #expect(again.json?.keys == fresh.json?.keys)
            #expect(again["identities"]?.arrayValue?.isEmpty == false)
            #expect(again["identities"]?[0]?.keys == fresh["identities"]?[0]?.keys)
            #expect(again["id"] != .string(realId))
            #expect(again["email_confirmed_at"] == nil)

            // Nothing changed: the new password does not work, the old one does, no new row.
            let withNew = try await api.signIn(email, TestServer.otherPassword)
            #expect(withNew.status == .badRequest)
            #expect(withNew.errorCode == "invalid_credentials")
            #expect(try await api.signIn(email, TestServer.password).status == .ok)
            let after = try await api.send(.get, "/admin/users", bearer: api.serviceRoleToken)
            #expect(after.header("X-Total-Count") == count)
        }
    }

    @Test("autoconfirm off, unconfirmed address: no sign-up's password is in force until its link is used", arguments: Backend.all)
    func existingUnconfirmedAddress(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let first = try await api.signUp(email, TestServer.password)
            let second = try await api.signUp(email, TestServer.otherPassword)
            #expect(second.status == .ok)
            // A fresh id, never the first registrant's.
            #expect(second["id"] != first["id"])
            // Only the newest sign-up's link confirms; its password is the one told "not confirmed".
            #expect(try await api.signIn(email, TestServer.password).errorCode == "invalid_credentials")
            #expect(try await api.signIn(email, TestServer.otherPassword).errorCode == "email_not_confirmed")
        }
    }

    @Test("autoconfirm on, existing address: 422 user_already_exists", arguments: Backend.all)
    func existingWithAutoconfirm(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail()
            #expect(try await api.signUp(email).status == .ok)
            let again = try await api.signUp(email, TestServer.otherPassword)
            #expect(again.status == .unprocessableContent)
            #expect(again.errorCode == "user_already_exists")
            #expect(try await api.signIn(email, TestServer.otherPassword).errorCode == "invalid_credentials")
        }
    }

    @Test("signup disabled: 422 signup_disabled", arguments: Backend.all)
    func disabled(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.signupDisabled = true }) { api in
            let reply = try await api.signUp(TestServer.uniqueEmail())
            #expect(reply.status == .unprocessableContent)
            #expect(reply.errorCode == "signup_disabled")
            #expect(reply["code"]?.intValue == 422)
        }
    }

    @Test("weak password: 422 weak_password with reasons [\"length\"] in both shapes", arguments: Backend.all)
    func weakPassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let legacy = try await api.signUp(TestServer.uniqueEmail(), "seven77")
            #expect(legacy.status == .unprocessableContent)
            #expect(legacy["code"]?.intValue == 422)
            #expect(legacy["error_code"] == .string("weak_password"))
            #expect(legacy["msg"]?.stringValue?.isEmpty == false)
            #expect(legacy["weak_password"]?["reasons"] == .array([.string("length")]))

            let modern = try await api.signUp(TestServer.uniqueEmail(), "seven77", modern: true)
            #expect(modern.status == .unprocessableContent)
            #expect(modern["code"] == .string("weak_password"))
            #expect(modern["message"]?.stringValue?.isEmpty == false)
            #expect(modern["weak_password"]?["reasons"] == .array([.string("length")]))
            #expect(modern.json?.keys == ["code", "message", "weak_password"])
        }
    }

    @Test("password over 72 bytes: 400 validation_failed, nothing stored", arguments: Backend.all)
    func passwordTooLong(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail()
            // 25 three-byte characters: 25 characters but 75 bytes.
            let reply = try await api.signUp(email, String(repeating: "€", count: 25))
            #expect(reply.status == .badRequest)
            #expect(reply.errorCode == "validation_failed")
            // 24 of them are exactly 72 bytes, which is allowed.
            #expect(try await api.signUp(email, String(repeating: "€", count: 24)).status == .ok)
        }
    }

    @Test("missing or malformed fields: 400 validation_failed", arguments: Backend.all)
    func validation(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            // Neither email nor phone is GoTrue's anonymous sign-in, off by default (422).
            for body: [String: Any] in [["password": TestServer.password], ["email": "", "password": TestServer.password]] {
                let reply = try await api.send(.post, "/signup", json: body)
                #expect(reply.status == .unprocessableContent && reply.errorCode == "anonymous_provider_disabled", "\(body)")
            }
            for body: [String: Any] in [
                ["email": "not-an-address", "password": TestServer.password],
                ["email": "a@b.c", "password": TestServer.password],
                ["email": TestServer.uniqueEmail()],
                ["email": TestServer.uniqueEmail(), "password": ""],
            ] {
                let reply = try await api.send(.post, "/signup", json: body)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.errorCode == "validation_failed", "\(body)")
            }
        }
    }
}
