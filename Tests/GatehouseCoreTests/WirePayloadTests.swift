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
import Testing

@testable import GatehouseCore

@Suite("UserPayload and SessionPayload")
struct WirePayloadTests {
    static let created = Timestamp(microsecondsSinceEpoch: 1_735_689_600_120_000)  // 2025-01-01T00:00:00.12Z

    static func user(confirmed: Timestamp? = nil, identities: [IdentityPayload] = []) -> UserPayload {
        UserPayload(
            id: "6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c", aud: "authenticated", role: "authenticated", email: "a@b.co",
            emailConfirmedAt: confirmed, confirmationSentAt: nil, confirmedAt: confirmed, recoverySentAt: nil,
            lastSignInAt: nil, appMetadata: ["provider": .string("email"), "providers": .array([.string("email")])],
            userMetadata: [:], identities: identities, createdAt: created, updatedAt: created, bannedUntil: nil
        )
    }

    static func object(_ value: some Encodable) throws -> [String: JSONValue] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONDecoder().decode(JSONValue.self, from: data).objectValue)
    }

    @Test("user keys are snake_case and nil optionals are omitted")
    func userKeys() throws {
        let json = try Self.object(Self.user())
        #expect(
            Set(json.keys) == [
                "id", "aud", "role", "email", "phone", "app_metadata", "user_metadata", "identities",
                "created_at", "updated_at", "is_anonymous",
            ])
        #expect(json["phone"] == .string(""))
        #expect(json["is_anonymous"] == .bool(false))
        #expect(json["created_at"] == .string("2025-01-01T00:00:00.12Z"))
        #expect(json["identities"] == .array([]))
    }

    @Test("set optionals appear under their snake_case names")
    func userOptionalKeys() throws {
        var user = Self.user(confirmed: Self.created)
        user.lastSignInAt = Self.created
        user.recoverySentAt = Self.created
        user.confirmationSentAt = Self.created
        user.bannedUntil = Self.created
        let json = try Self.object(user)
        for key in ["email_confirmed_at", "confirmed_at", "last_sign_in_at", "recovery_sent_at", "confirmation_sent_at", "banned_until"] {
            #expect(json[key] == .string("2025-01-01T00:00:00.12Z"), "\(key)")
        }
        #expect(json.keys.allSatisfy { !$0.contains(where: \.isUppercase) })
    }

    @Test("identity keys: identity_id is the row, id the provider subject; nil email omitted")
    func identityKeys() throws {
        let identity = IdentityPayload(
            identityId: "11111111-1111-1111-1111-111111111111", id: "6f1c", userId: "6f1c",
            identityData: ["sub": .string("6f1c")], provider: "email", lastSignInAt: nil,
            createdAt: Self.created, updatedAt: Self.created, email: nil
        )
        let json = try Self.object(identity)
        #expect(Set(json.keys) == ["identity_id", "id", "user_id", "identity_data", "provider", "created_at", "updated_at"])
        #expect(json["identity_id"] == .string("11111111-1111-1111-1111-111111111111"))
        #expect(json["id"] == .string("6f1c"))
    }

    @Test("session keys are snake_case; weak_password only when set")
    func sessionKeys() throws {
        var session = SessionPayload(
            accessToken: "eyJ.x.y", expiresIn: 3600, expiresAt: 1_767_225_600, refreshToken: "r", user: Self.user()
        )
        var json = try Self.object(session)
        #expect(Set(json.keys) == ["access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"])
        #expect(json["token_type"] == .string("bearer"))
        #expect(json["expires_in"] == .number(3600))
        #expect(json["expires_at"] == .number(1_767_225_600))

        session.weakPassword = WeakPasswordPayload(message: "weak", reasons: ["length"])
        json = try Self.object(session)
        #expect(json["weak_password"] == .object(["message": .string("weak"), "reasons": .array([.string("length")])]))
        let encoded = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        #expect(encoded.contains(#""expires_in":3600"#))
    }

    static let goTrueSession = """
        {"access_token":"eyJ.a.b","token_type":"bearer","expires_in":3600,"expires_at":1767225600,
         "refresh_token":"a1b2c3d4e5f6","user":{"id":"6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c","aud":"authenticated","role":"authenticated",
         "email":"a@b.co","email_confirmed_at":"2025-01-01T00:00:00.12Z","phone":"",
         "confirmed_at":"2025-01-01T00:00:00.12Z","last_sign_in_at":"2025-01-02T09:00:00.5Z",
         "app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{"email_verified":true},
         "identities":[{"identity_id":"2b7f0f4e-31c1-4b59-8a52-6b1f0f3e9d10","id":"6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c",
           "user_id":"6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c","identity_data":{"sub":"6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c","email":"a@b.co","email_verified":true,"phone_verified":false},
           "provider":"email","last_sign_in_at":"2025-01-02T09:00:00.5Z","created_at":"2025-01-01T00:00:00.12Z","updated_at":"2025-01-02T09:00:00.5Z","email":"a@b.co"}],
         "created_at":"2025-01-01T00:00:00.12Z","updated_at":"2025-01-02T09:00:00.5Z","is_anonymous":false,
         "factors":[],"new_email":""}}
        """

    @Test("decodes a GoTrue-shaped session and user")
    func decodesGoTrue() throws {
        let session = try JSONDecoder().decode(SessionPayload.self, from: Data(Self.goTrueSession.utf8))
        #expect(session.accessToken == "eyJ.a.b")
        #expect(session.expiresAt == 1_767_225_600)
        #expect(session.refreshToken == "a1b2c3d4e5f6")
        #expect(session.weakPassword == nil)
        let user = session.user
        #expect(user.id == "6f1c0c2e-7d1a-4c55-9b55-0d3b1f1b2a3c")
        #expect(user.email == "a@b.co")
        #expect(user.emailConfirmedAt == Self.created)
        #expect(user.lastSignInAt?.rfc3339 == "2025-01-02T09:00:00.5Z")
        #expect(user.appMetadata["providers"] == .array([.string("email")]))
        #expect(user.userMetadata == ["email_verified": .bool(true)])
        #expect(user.isAnonymous == false)
        let identity = try #require(user.identities.first)
        #expect(identity.identityId == "2b7f0f4e-31c1-4b59-8a52-6b1f0f3e9d10")
        #expect(identity.id == user.id)
        #expect(identity.userId == user.id)
        #expect(identity.identityData["phone_verified"] == .bool(false))
        #expect(identity.email == "a@b.co")
    }

    @Test("decoding then encoding a user keeps every known field")
    func userRoundTrip() throws {
        let session = try JSONDecoder().decode(SessionPayload.self, from: Data(Self.goTrueSession.utf8))
        let again = try JSONDecoder().decode(SessionPayload.self, from: JSONEncoder().encode(session))
        #expect(again == session)
    }

    @Test("a minimal user (id, aud, created_at) decodes with defaults; missing required keys fail")
    func minimalUser() throws {
        let minimal = #"{"id":"x","aud":"authenticated","created_at":"2025-01-01T00:00:00Z"}"#
        let user = try JSONDecoder().decode(UserPayload.self, from: Data(minimal.utf8))
        #expect(user.email == "")
        #expect(user.role == "")
        #expect(user.identities.isEmpty)
        #expect(user.updatedAt == user.createdAt)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserPayload.self, from: Data(#"{"id":"x","aud":"authenticated"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserPayload.self, from: Data(#"{"aud":"a","created_at":"2025-01-01T00:00:00Z"}"#.utf8))
        }
    }
}
