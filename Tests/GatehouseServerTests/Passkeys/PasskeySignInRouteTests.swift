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
import GatehouseTestSupport
import Testing

@testable import GatehouseServer

/// `POST /passkeys/authentication/verify` through the router with a real passkey (the software
/// authenticator of GatehouseTestSupport): after the assertion verifies, an account whose address
/// is not confirmed is refused as a password sign-in is (403 `email_not_confirmed`, no session),
/// and only after: a failed check for that account is still the one
/// `webauthn_verification_failed`, so the answer tells nothing about the account to someone
/// without the passkey.
@Suite("Passkeys: sign-in through the router")
struct PasskeySignInRouteTests {
    static let rpID = "localhost"

    static func passkeysOn(_ configuration: inout ServerConfiguration) {
        configuration.passkeys.enabled = true
        configuration.passkeys.rpID = rpID
        configuration.passkeys.rpOrigins = ["http://localhost"]
    }

    static func base64URLDecode(_ text: String) throws -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return try #require(Data(base64Encoded: base64), "not base64url: \(text)")
    }

    static func encode(_ data: Data) -> String { SoftwarePasskey.base64URL(data) }

    /// Registration options, the authenticator, verify: the passkey is the account's.
    static func register(_ passkey: SoftwarePasskey, _ api: API, token: String) async throws {
        let started = try await api.send(.post, "/passkeys/registration/options", json: [:], bearer: token)
        try #require(started.status == .ok, "\(started)")
        let options = try #require(started["options"])
        let made = passkey.register(
            rpID: try #require(options["rp"]?["id"]?.stringValue),
            challenge: try base64URLDecode(try #require(options["challenge"]?.stringValue)),
            userHandle: try base64URLDecode(try #require(options["user"]?["id"]?.stringValue)))
        let credential: [String: Any] = [
            "id": encode(made.credentialID), "rawId": encode(made.credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": encode(made.clientDataJSON), "attestationObject": encode(made.attestationObject),
                "transports": ["internal"],
            ],
        ]
        let verified = try await api.send(
            .post, "/passkeys/registration/verify",
            json: ["challenge_id": try #require(started["challenge_id"]?.stringValue), "credential": credential], bearer: token)
        try #require(verified.status == .ok, "\(verified)")
    }

    /// Sign-in options, an assertion (its signature spoilt when `tamper`), verify.
    static func signIn(_ passkey: SoftwarePasskey, _ api: API, tamper: Bool = false) async throws -> Reply {
        let started = try await api.send(.post, "/passkeys/authentication/options", raw: nil)
        try #require(started.status == .ok, "\(started)")
        let options = try #require(started["options"])
        let assertion = try passkey.assert(
            rpID: try #require(options["rpId"]?.stringValue),
            challenge: try base64URLDecode(try #require(options["challenge"]?.stringValue)))
        var signature = assertion.signature
        if tamper { signature[signature.count - 2] ^= 0x01 }
        let credential: [String: Any] = [
            "id": encode(assertion.credentialID), "rawId": encode(assertion.credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": encode(assertion.clientDataJSON), "authenticatorData": encode(assertion.authenticatorData),
                "signature": encode(signature), "userHandle": encode(assertion.userHandle),
            ],
        ]
        return try await api.send(
            .post, "/passkeys/authentication/verify",
            json: ["challenge_id": try #require(started["challenge_id"]?.stringValue), "credential": credential], modern: true)
    }

    static func setConfirmed(_ confirmed: Bool, userId: String, _ api: API) async throws {
        let updated = try await api.send(
            .put, "/admin/users/\(userId)", json: ["email_confirm": confirmed], bearer: api.serviceRoleToken)
        try #require(updated.status == .ok, "\(updated)")
        #expect((updated["email_confirmed_at"]?.stringValue != nil) == confirmed, "\(updated)")
    }

    @Test("an unconfirmed account's passkey is refused with 403 email_not_confirmed, after the passkey's checks", arguments: Backend.all)
    func unconfirmedAccount(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.passkeysOn) { api in
            let session = try await api.signedInUser(TestServer.uniqueEmail("pkconfirm"))
            let passkey = SoftwarePasskey(origin: "http://localhost")
            try await Self.register(passkey, api, token: session.accessToken)
            let confirmedSignIn = try await Self.signIn(passkey, api)
            try #require(confirmedSignIn.status == .ok, "\(confirmedSignIn)")

            try await Self.setConfirmed(false, userId: session.userId, api)
            let refused = try await Self.signIn(passkey, api)
            #expect(refused.status == .forbidden, "\(refused)")
            #expect(refused.errorCode == "email_not_confirmed", "\(refused)")
            #expect(refused["access_token"] == nil && refused["refresh_token"] == nil)
            // Without the passkey (a spoilt signature) the account's state is not told.
            let forged = try await Self.signIn(passkey, api, tamper: true)
            #expect(forged.status == .badRequest && forged.errorCode == "webauthn_verification_failed", "\(forged)")

            // Confirmed again, the same passkey signs in: the refusal was the confirmation's.
            try await Self.setConfirmed(true, userId: session.userId, api)
            let again = try await Self.signIn(passkey, api)
            #expect(again.status == .ok, "\(again)")
            #expect(again["user"]?["id"]?.stringValue == session.userId)
        }
    }
}
