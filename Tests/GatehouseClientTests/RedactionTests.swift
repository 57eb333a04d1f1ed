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

@testable import GatehouseClient

/// Logging a session, a sign-up result or an auth event (`print`, `String(describing:)`,
/// `debugPrint`, `dump`, a `Mirror`) must never write its tokens.
@Suite("Sessions and events print without their tokens")
struct RedactionTests {
    static let accessToken = "eyJhbGciOiJIUzI1NiJ9.SECRET-ACCESS.sig"
    static let refreshToken = "SECRET-REFRESH-abcdef"
    static let verifier = "SECRET-VERIFIER-0123456789abcdefghijklmnopqrstuvwxyz"

    static let session = Session(
        accessToken: accessToken, expiresIn: 3600, expiresAt: 1_800_000_000, refreshToken: refreshToken,
        user: User(
            id: "5f1c7e0a-1111-2222-3333-444455556666", aud: "authenticated", role: "authenticated", email: "alice@example.com",
            emailConfirmedAt: nil, confirmationSentAt: nil, confirmedAt: nil, recoverySentAt: nil, lastSignInAt: nil,
            appMetadata: [:], userMetadata: [:], identities: [], createdAt: Timestamp(microsecondsSinceEpoch: 0),
            updatedAt: Timestamp(microsecondsSinceEpoch: 0), bannedUntil: nil
        )
    )

    /// Every way a value usually reaches a log.
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { "\($0.label ?? ""): \(String(describing: $0.value)) \(String(reflecting: $0.value))" }
        return [String(describing: value), String(reflecting: value), "\(value)", dumped] + children
    }

    static func expectNoSecrets(in value: Any, _ secrets: [String] = [accessToken, refreshToken]) {
        for text in renderings(of: value) {
            for secret in secrets {
                #expect(!text.contains(secret), "\(text)")
            }
        }
    }

    @Test func aSession() {
        Self.expectNoSecrets(in: Self.session)
        // Still useful in a log: who, and until when.
        let text = String(describing: Self.session)
        #expect(text.contains("5f1c7e0a-1111-2222-3333-444455556666"))
        #expect(text.contains("1800000000"))
        #expect(text.contains("<redacted>"))
    }

    @Test func anOptionalSessionAndACollection() {
        let optional: Session? = Self.session
        Self.expectNoSecrets(in: optional as Any)
        Self.expectNoSecrets(in: [Self.session])
    }

    @Test func aSignUpResult() {
        Self.expectNoSecrets(in: SignUpResult.signedIn(Self.session))
    }

    @Test func anAuthEvent() {
        let change = AuthStateChange(event: .signedIn, session: Self.session)
        Self.expectNoSecrets(in: change)
        #expect(String(describing: change).contains("signedIn"))
    }

    @Test func aStoredPKCEVerifier() {
        Self.expectNoSecrets(in: StoredCodeVerifier(verifier: Self.verifier, isPasswordRecovery: true), [Self.verifier])
    }

    @Test func theWireFormatStillCarriesTheTokens() throws {
        // Redaction is for logs only: encoding (storage, the wire) keeps everything.
        let data = try JSONEncoder().encode(Self.session)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(Self.accessToken) && text.contains(Self.refreshToken))
    }
}
