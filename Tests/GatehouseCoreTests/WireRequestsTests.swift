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

/// The request bodies the SDK sends and the server reads: exact GoTrue field names, nil fields
/// left out, and every field optional when decoding (the server answers a missing field itself).
@Suite("Wire request bodies")
struct WireRequestsTests {
    static func object(_ value: some Encodable) throws -> [String: JSONValue] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONDecoder().decode(JSONValue.self, from: data).objectValue)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test("sign-up: email, password, data and the PKCE pair under GoTrue's names")
    func signUp() throws {
        let body = SignUpRequest(
            email: "a@b.co", password: "pw", data: ["name": .string("A")], codeChallenge: "c", codeChallengeMethod: "s256"
        )
        #expect(
            try Self.object(body) == [
                "email": .string("a@b.co"), "password": .string("pw"), "data": .object(["name": .string("A")]),
                "code_challenge": .string("c"), "code_challenge_method": .string("s256"),
            ])
        #expect(try Self.object(SignUpRequest(email: "a@b.co", password: "pw")).keys.sorted() == ["email", "password"])
        #expect(try Self.decode(SignUpRequest.self, "{}") == SignUpRequest())
        #expect(try Self.decode(SignUpRequest.self, #"{"code_challenge":"c","extra":1}"#).codeChallenge == "c")
    }

    @Test("token: each grant sends only its own fields")
    func tokenGrants() throws {
        #expect(
            try Self.object(TokenRequest.password(email: "a@b.co", password: "pw")) == [
                "email": .string("a@b.co"), "password": .string("pw"),
            ])
        #expect(try Self.object(TokenRequest.refresh("r")) == ["refresh_token": .string("r")])
        #expect(
            try Self.object(TokenRequest.pkce(authCode: "a", codeVerifier: "v")) == [
                "auth_code": .string("a"), "code_verifier": .string("v"),
            ])
        #expect(try Self.decode(TokenRequest.self, "{}") == TokenRequest())
        #expect(TokenGrant.allCases.map(\.rawValue) == ["password", "refresh_token", "pkce", "id_token"])
    }

    @Test("recover and resend share one body; resend's types are GoTrue's")
    func emailLink() throws {
        let body = EmailLinkRequest(email: "a@b.co", type: ResendType.signup.rawValue, codeChallenge: "c", codeChallengeMethod: "s256")
        #expect(
            try Self.object(body) == [
                "email": .string("a@b.co"), "type": .string("signup"),
                "code_challenge": .string("c"), "code_challenge_method": .string("s256"),
            ])
        #expect(try Self.object(EmailLinkRequest(email: "a@b.co")) == ["email": .string("a@b.co")])
        #expect(try Self.decode(EmailLinkRequest.self, "{}") == EmailLinkRequest())
        #expect(ResendType.allCases.map(\.rawValue) == ["signup", "recovery", "email_change"])
    }

    @Test("verify: token_hash, or email and token")
    func verify() throws {
        #expect(
            try Self.object(VerifyRequest(type: "recovery", tokenHash: "h")) == [
                "type": .string("recovery"), "token_hash": .string("h"),
            ])
        #expect(
            try Self.object(VerifyRequest(type: "signup", token: "123456", email: "a@b.co")) == [
                "type": .string("signup"), "token": .string("123456"), "email": .string("a@b.co"),
            ])
        #expect(try Self.decode(VerifyRequest.self, "{}") == VerifyRequest())
    }

    @Test("update user: metadata, password, nonce and the current password")
    func userUpdate() throws {
        let body = UserUpdateRequest(
            email: "a@b.co", password: "new", data: ["k": .bool(true)], appMetadata: ["role": .string("x")], nonce: "123456",
            currentPassword: "old"
        )
        #expect(
            try Self.object(body) == [
                "email": .string("a@b.co"), "password": .string("new"), "data": .object(["k": .bool(true)]),
                "app_metadata": .object(["role": .string("x")]), "nonce": .string("123456"), "current_password": .string("old"),
            ])
        #expect(try Self.object(UserUpdateRequest(password: "new")) == ["password": .string("new")])
        #expect(try Self.decode(UserUpdateRequest.self, #"{"unknown":1}"#) == UserUpdateRequest())
    }

    @Test("the reset backends' {email} body and the Edge Function's answer")
    func resetBackends() throws {
        #expect(try Self.object(PasswordResetEmailRequest(email: "a@b.co")) == ["email": .string("a@b.co")])
        #expect(try Self.decode(PasswordResetEmailRequest.self, "{}") == PasswordResetEmailRequest())
        #expect(
            try Self.object(EdgeFunctionResetAnswer(success: true, message: "sent")) == [
                "success": .bool(true), "message": .string("sent"),
            ])
        #expect(
            try Self.decode(EdgeFunctionResetAnswer.self, #"{"success":false,"error":"no"}"#)
                == EdgeFunctionResetAnswer(success: false, error: "no"))
        #expect(throws: DecodingError.self) { try Self.decode(EdgeFunctionResetAnswer.self, #"{"message":"x"}"#) }
    }
}
