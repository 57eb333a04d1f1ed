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

@Suite("Admin users API")
struct AdminUsersTests {
    @Test("create, read, update, delete", arguments: Backend.all)
    func crud(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let admin = api.serviceRoleToken
            let email = TestServer.uniqueEmail("admin-made")
            let created = try await api.send(
                .post, "/admin/users",
                json: [
                    "email": email, "password": TestServer.password, "email_confirm": true, "user_metadata": ["team": "blue"],
                    "app_metadata": ["tier": "gold"],
                ], bearer: admin)
            #expect(created.status == .ok, "\(created)")
            let id = try #require(created["id"]?.stringValue)
            #expect(created["email"] == .string(email))
            #expect(created["email_confirmed_at"]?.stringValue != nil)
            #expect(created["user_metadata"]?["team"] == .string("blue"))
            #expect(created["app_metadata"]?["tier"] == .string("gold"))
            #expect(created["app_metadata"]?["provider"] == .string("email"))
            #expect(try await api.signIn(email).status == .ok)

            let duplicate = try await api.send(.post, "/admin/users", json: ["email": email.uppercased()], bearer: admin)
            #expect(duplicate.status == .unprocessableContent)
            #expect(duplicate.errorCode == "email_exists")

            let fetched = try await api.send(.get, "/admin/users/\(id)", bearer: admin)
            #expect(fetched.status == .ok)
            #expect(fetched["email"] == .string(email))

            let updated = try await api.send(
                .put, "/admin/users/\(id)",
                json: [
                    "password": TestServer.otherPassword, "user_metadata": ["team": NSNull(), "level": 3],
                ], bearer: admin)
            #expect(updated.status == .ok, "\(updated)")
            #expect(updated["user_metadata"]?["team"] == nil)
            #expect(updated["user_metadata"]?["level"]?.intValue == 3)
            #expect(try await api.signIn(email, TestServer.otherPassword).status == .ok)
            #expect(try await api.signIn(email, TestServer.password).errorCode == "invalid_credentials")

            let deleted = try await api.send(.delete, "/admin/users/\(id)", bearer: admin)
            #expect(deleted.status == .ok)
            #expect(deleted.json == .object([:]))
            let missing = try await api.send(.get, "/admin/users/\(id)", bearer: admin)
            #expect(missing.status == .notFound)
            #expect(missing.errorCode == "user_not_found")
            #expect(try await api.signIn(email, TestServer.otherPassword).errorCode == "invalid_credentials")

            let notUUID = try await api.send(.get, "/admin/users/not-a-uuid", bearer: admin)
            #expect(notUUID.status == .badRequest)
            #expect(notUUID.errorCode == "validation_failed")
            let unknown = try await api.send(.delete, "/admin/users/\(UUID().uuidString.lowercased())", bearer: admin)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("list pagination: X-Total-Count and Link", arguments: Backend.all)
    func pagination(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var emails: Set<String> = []
            for index in 0..<5 {
                let email = TestServer.uniqueEmail("page\(index)")
                emails.insert(email)
                try await api.createUser(email)
            }
            let first = try await api.send(.get, "/admin/users?page=1&per_page=2", bearer: api.serviceRoleToken)
            #expect(first.status == .ok)
            #expect(first.header("X-Total-Count") == "5")
            #expect(first["users"]?.arrayValue?.count == 2)
            #expect(first["aud"] == .string("authenticated"))
            let link = try #require(first.header("Link"))
            #expect(link.contains("</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\""), "\(link)")
            #expect(link.contains("</auth/v1/admin/users?page=3&per_page=2>; rel=\"last\""), "\(link)")

            var seen: [String] = []
            for page in 1...3 {
                let reply = try await api.send(.get, "/admin/users?page=\(page)&per_page=2", bearer: api.serviceRoleToken)
                seen += reply["users"]?.arrayValue?.compactMap { $0["email"]?.stringValue } ?? []
            }
            #expect(seen.count == 5)
            #expect(Set(seen) == emails)

            let last = try await api.send(.get, "/admin/users?page=3&per_page=2", bearer: api.serviceRoleToken)
            #expect(last["users"]?.arrayValue?.count == 1)
            #expect(last.header("Link")?.contains("rel=\"next\"") == false)
            let beyond = try await api.send(.get, "/admin/users?page=9&per_page=2", bearer: api.serviceRoleToken)
            #expect(beyond.status == .ok)
            #expect(beyond["users"]?.arrayValue?.isEmpty == true)
            #expect(beyond.header("X-Total-Count") == "5")
        }
    }

    @Test("ban_duration 24h blocks sign-in with user_banned; none lifts it", arguments: Backend.all)
    func ban(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            let session = try await api.signedInUser(email)
            let banned = try await api.send(
                .put, "/admin/users/\(session.userId)", json: ["ban_duration": "24h"], bearer: api.serviceRoleToken)
            #expect(banned.status == .ok, "\(banned)")
            let until = try #require(banned["banned_until"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
            #expect(abs(until.date.timeIntervalSinceNow - 86_400) < 60)

            let signIn = try await api.signIn(email)
            #expect(signIn.status == .badRequest)
            #expect(signIn.errorCode == "user_banned")
            #expect(try await api.refresh(session.refreshToken).status == .badRequest)
            #expect(try await api.user(session.accessToken).status == .forbidden)

            let lifted = try await api.send(
                .put, "/admin/users/\(session.userId)", json: ["ban_duration": "none"], bearer: api.serviceRoleToken)
            #expect(lifted.status == .ok)
            #expect(lifted["banned_until"] == nil)
            #expect(try await api.signIn(email).status == .ok)

            let invalid = try await api.send(
                .put, "/admin/users/\(session.userId)", json: ["ban_duration": "forever"], bearer: api.serviceRoleToken)
            #expect(invalid.status == .badRequest)
            #expect(invalid.errorCode == "validation_failed")
        }
    }

    @Test("a user's JWT: 403 not_admin; an unverifiable one: 403 bad_jwt; no token: 401 no_authorization", arguments: Backend.all)
    func authorization(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let anon = try await TokenSigner(secret: TestServer.jwtSecret, issuer: "t", lifetime: 60).roleToken("anon", validFor: 60)
            let otherSecret = try await TokenSigner(secret: String(repeating: "q", count: 40), issuer: "t", lifetime: 60)
                .roleToken("service_role", validFor: 60)
            // Verified tokens of another role are not admins; tokens that do not verify are bad JWTs (as GoTrue).
            for (token, code) in [
                (session.accessToken, "not_admin"), (anon, "not_admin"), (otherSecret, "bad_jwt"), ("garbage", "bad_jwt"),
            ] {
                for (method, path) in [
                    (HTTPRequest.Method.get, "/admin/users"), (.post, "/admin/users"), (.get, "/admin/users/\(session.userId)"),
                    (.delete, "/admin/users/\(session.userId)"),
                ] {
                    let reply = try await api.send(method, path, json: ["email": TestServer.uniqueEmail()], bearer: token)
                    #expect(reply.status == .forbidden, "\(method) \(path)")
                    #expect(reply.errorCode == code, "\(method) \(path)")
                }
            }
            let none = try await api.send(.get, "/admin/users")
            #expect(none.status == .unauthorized)
            #expect(none.errorCode == "no_authorization")
            #expect(try await api.user(session.accessToken).status == .ok)
        }
    }

    @Test("validation: bad address, weak password, taken address on update", arguments: Backend.all)
    func validation(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let admin = api.serviceRoleToken
            let badEmail = try await api.send(.post, "/admin/users", json: ["email": "nope"], bearer: admin)
            #expect(badEmail.status == .badRequest)
            #expect(badEmail.errorCode == "validation_failed")
            let weak = try await api.send(
                .post, "/admin/users", json: ["email": TestServer.uniqueEmail(), "password": "short"], bearer: admin)
            #expect(weak.status == .unprocessableContent)
            #expect(weak.errorCode == "weak_password")

            let first = TestServer.uniqueEmail("first")
            let second = TestServer.uniqueEmail("second")
            try await api.createUser(first)
            let secondId = try await api.createUser(second)
            let clash = try await api.send(.put, "/admin/users/\(secondId)", json: ["email": first], bearer: admin)
            #expect(clash.status == .unprocessableContent)
            #expect(clash.errorCode == "email_exists")

            let renamed = TestServer.uniqueEmail("renamed")
            let moved = try await api.send(.put, "/admin/users/\(secondId)", json: ["email": renamed.uppercased()], bearer: admin)
            #expect(moved.status == .ok, "\(moved)")
            #expect(moved["email"] == .string(renamed))
            #expect(moved["identities"]?[0]?["identity_data"]?["email"] == .string(renamed))
            #expect(try await api.signIn(renamed).status == .ok)
            #expect(try await api.signIn(second).errorCode == "invalid_credentials")
        }
    }

    @Test("admins create users even when sign-ups are disabled", arguments: Backend.all)
    func createWhileSignupDisabled(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.signupDisabled = true }) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            #expect(try await api.signIn(email).status == .ok)
        }
    }

    @Test("a short ban ends by itself", arguments: Backend.all)
    func banExpires(_ backend: Backend) async throws {
        // A clock the test moves: on a loaded machine a real 4.5 s ban could end before the
        // first sign-in was even handled.
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let email = TestServer.uniqueEmail()
            let id = try await api.createUser(email)
            let banned = try await api.send(.put, "/admin/users/\(id)", json: ["ban_duration": "4500ms"], bearer: api.serviceRoleToken)
            #expect(banned.status == .ok)
            let until = try #require(banned["banned_until"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
            #expect(abs(until.microsecondsSinceEpoch - time.now.adding(seconds: 4.5).microsecondsSinceEpoch) < 10_000, "\(until.date)")
            let signIn = try await api.signIn(email)
            #expect(signIn.errorCode == "user_banned", "\(signIn)")
            time.advance(seconds: 4.4)
            #expect(try await api.signIn(email).errorCode == "user_banned")
            time.advance(seconds: 0.2)
            #expect(try await api.signIn(email).status == .ok)
        }
    }

    @Test("the admin API answers at the root too", arguments: Backend.all)
    func rootPrefix(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            try await api.atRoot.createUser(TestServer.uniqueEmail())
            let list = try await api.atRoot.send(.get, "/admin/users?per_page=1", bearer: api.serviceRoleToken)
            #expect(list.status == .ok)
            #expect(list.header("Link")?.contains("</admin/users?page=1&per_page=1>; rel=\"last\"") == true)
        }
    }
}
