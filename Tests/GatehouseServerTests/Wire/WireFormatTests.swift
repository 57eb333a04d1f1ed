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

@Suite("Wire format of users and sessions")
struct WireFormatTests {
    static func isGoTrueTimestamp(_ value: JSONValue?) -> Bool {
        guard let text = value?.stringValue else { return false }
        return text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z/) != nil && Timestamp(rfc3339: text) != nil
    }

    static func isLowercaseUUID(_ value: JSONValue?) -> Bool {
        guard let text = value?.stringValue, let uuid = UUID(uuidString: text) else { return false }
        return uuid.uuidString.lowercased() == text
    }

    @Test("the user object: GoTrue's keys, lowercase UUIDs, RFC 3339 UTC timestamps, no secrets", arguments: Backend.all)
    func userObject(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail()
            let signUp = try await api.signUp(email, data: ["name": "Ann"])
            let session = try TestSession(signUp)
            let reply = try await api.user(session.accessToken)
            let user = try #require(reply.json)
            #expect(
                user.keys == [
                    "id", "aud", "role", "email", "email_confirmed_at", "phone", "confirmed_at", "last_sign_in_at",
                    "app_metadata", "user_metadata", "identities", "created_at", "updated_at", "is_anonymous",
                ])
            #expect(Self.isLowercaseUUID(user["id"]))
            #expect(user["aud"] == .string("authenticated"))
            #expect(user["role"] == .string("authenticated"))
            #expect(user["phone"] == .string(""))
            #expect(user["is_anonymous"] == .bool(false))
            #expect(user["app_metadata"] == .object(["provider": .string("email"), "providers": .array([.string("email")])]))
            for key in ["email_confirmed_at", "confirmed_at", "last_sign_in_at", "created_at", "updated_at"] {
                #expect(Self.isGoTrueTimestamp(user[key]), "\(key): \(String(describing: user[key]))")
            }
            #expect(user["confirmed_at"] == user["email_confirmed_at"])

            let identity = try #require(user["identities"]?[0])
            #expect(
                identity.keys == [
                    "identity_id", "id", "user_id", "identity_data", "provider", "last_sign_in_at", "created_at", "updated_at", "email",
                ])
            #expect(Self.isLowercaseUUID(identity["identity_id"]))
            #expect(identity["identity_id"] != user["id"])
            #expect(identity["id"] == user["id"])
            #expect(identity["user_id"] == user["id"])
            #expect(identity["email"] == .string(email))
            #expect(identity["identity_data"]?["sub"] == user["id"])
            #expect(identity["identity_data"]?["email"] == .string(email))
            #expect(identity["identity_data"]?["email_verified"] == .bool(true))
            #expect(identity["identity_data"]?["phone_verified"] == .bool(false))
            for key in ["last_sign_in_at", "created_at", "updated_at"] {
                #expect(Self.isGoTrueTimestamp(identity[key]), "identity \(key)")
            }

            for text in [signUp.text, reply.text] {
                #expect(!text.contains("$2"), "a bcrypt hash leaked")
                #expect(!text.contains("password"))
            }
        }
    }

    @Test("the session object: expires_in and expires_at agree with the token", arguments: Backend.all)
    func sessionObject(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail()
            try await api.createUser(email)
            let before = Int(Date().timeIntervalSince1970)
            let reply = try await api.signIn(email)
            let after = Int(Date().timeIntervalSince1970)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "application/json")
            let expiresIn = try #require(reply["expires_in"]?.intValue)
            let expiresAt = try #require(reply["expires_at"]?.intValue)
            #expect(expiresIn == 3600)
            #expect((before - 1...after + 1).contains(expiresAt - expiresIn), "\(expiresAt)")
            let refreshToken = try #require(reply["refresh_token"]?.stringValue)
            #expect(refreshToken.count >= 12)
            #expect(refreshToken.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        }
    }
}
