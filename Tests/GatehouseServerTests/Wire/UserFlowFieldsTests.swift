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

/// The user fields GoTrue's email-change, invite and MFA flows add (gotrue-extended §11): parsed
/// by the SDK, written by `JSONWriter` and `JSONEncoder` alike, omitted when empty.
@Suite("UserPayload: new_email, email_change_sent_at, invited_at, factors")
struct UserFlowFieldsTests {
    static let at = Timestamp(microsecondsSinceEpoch: 1_767_000_000_000_000)
    static let factor = FactorPayload(
        id: "f1", friendlyName: "phone", factorType: "totp", status: "verified", createdAt: at, updatedAt: at)

    static func user(withFlowFields: Bool) -> UserPayload {
        UserPayload(
            id: "u1", aud: "authenticated", role: "authenticated", email: "old@example.com", emailConfirmedAt: at,
            confirmationSentAt: nil, confirmedAt: at, recoverySentAt: nil, lastSignInAt: nil, appMetadata: [:], userMetadata: [:],
            identities: [], createdAt: at, updatedAt: at, bannedUntil: nil, newEmail: withFlowFields ? "new@example.com" : nil,
            emailChangeSentAt: withFlowFields ? at : nil, invitedAt: withFlowFields ? at : nil,
            factors: withFlowFields ? [factor] : nil)
    }

    static func writerObject(_ user: UserPayload) throws -> [String: JSONValue] {
        try #require(try JSONDecoder().decode(JSONValue.self, from: Data(JSONWriter.encode(user))).objectValue)
    }

    static func encoderObject(_ user: UserPayload) throws -> [String: JSONValue] {
        try #require(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(user)).objectValue)
    }

    @Test func setFieldsAreWrittenByBothEncoders() throws {
        let user = Self.user(withFlowFields: true)
        for json in [try Self.writerObject(user), try Self.encoderObject(user)] {
            #expect(json["new_email"] == .string("new@example.com"))
            #expect(json["email_change_sent_at"] == .string(Self.at.rfc3339))
            #expect(json["invited_at"] == .string(Self.at.rfc3339))
            let factors = json["factors"].flatMap { value -> [JSONValue]? in
                if case .array(let items) = value { return items }
                return nil
            }
            let factor = try #require(factors?.first?.objectValue)
            #expect(factor["factor_type"] == .string("totp"))
            #expect(factor["status"] == .string("verified"))
            #expect(factor["friendly_name"] == .string("phone"))
        }
        let decoded = try JSONDecoder().decode(UserPayload.self, from: Data(JSONWriter.encode(user)))
        #expect(decoded == user)
    }

    @Test func emptyFieldsAreOmitted() throws {
        let json = try Self.writerObject(Self.user(withFlowFields: false))
        for key in ["new_email", "email_change_sent_at", "invited_at", "factors"] {
            #expect(json[key] == nil, "\(key)")
        }
        var noFactors = Self.user(withFlowFields: false)
        noFactors.factors = []
        #expect(try Self.writerObject(noFactors)["factors"] == nil, "GoTrue omits the key when there are none")
    }

    @Test func goTruesEmptyNewEmailAndNullFactorsReadAsAbsent() throws {
        let body = #"""
            {"id":"u1","aud":"authenticated","email":"a@example.com","new_email":"","factors":null,
             "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
            """#
        let user = try JSONDecoder().decode(UserPayload.self, from: Data(body.utf8))
        #expect(user.newEmail == nil)
        #expect(user.factors == nil)
        #expect(user.invitedAt == nil)
    }

    @Test func aFactorWithoutAFriendlyNameDecodesAndIsNotVerified() throws {
        let body =
            #"{"id":"f2","factor_type":"totp","status":"unverified","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z","last_challenged_at":null}"#
        let factor = try JSONDecoder().decode(FactorPayload.self, from: Data(body.utf8))
        #expect(factor.friendlyName == nil)
        #expect(factor.lastChallengedAt == nil)
        #expect(!factor.isVerified)
    }
}
