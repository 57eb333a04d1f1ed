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
import GatehouseClient
import GatehouseCore
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// Passkeys against a real Gatehouse. Switched off (the default): the page takes the button away
/// and says to use the password, and the sheet never opens. Switched on: the SDK registers a
/// passkey made by a software authenticator (a real P-256 key and WebAuthn data, so the server's
/// verification runs in full) and signs in with it, through `AuthClient` and through the login
/// page's passkey path.
@MainActor
@Suite("Passkey sign-in against a live server")
struct PasskeyLiveServerTests {
    /// The claims of an access token (not verified: the server made it).
    static func claims(_ token: String) throws -> JSONValue {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return try JSONDecoder().decode(JSONValue.self, from: try #require(Data(base64Encoded: base64)))
    }

    static func methods(_ token: String) throws -> [String] {
        guard case .array(let entries) = try claims(token).objectValue?["amr"] ?? .null else { return [] }
        return entries.compactMap { $0.objectValue?["method"]?.stringValue }
    }

    @Test func aServerWithoutPasskeysTakesTheButtonAway() async throws {
        try await withLiveServer { server in
            let ceremony = FakePasskeyCeremony()
            let model = LoginModel(
                auth: server.client(), clock: ManualClock(), reachability: FixedReachability(reachable: true),
                passkeyCeremony: ceremony)
            #expect(model.offersPasskeySignIn)
            await model.signInWithPasskey()
            #expect(model.passkeyState == .unavailable(PasskeyText.disabled))
            #expect(!model.offersPasskeySignIn)
            #expect(ceremony.calls.isEmpty)
        }
    }

    // A guard against a ceremony that never ends, not a measure of speed: alone it takes well
    // under a second, but beside the whole suite on two cores its round trips queued for 37-80 s.
    @Test(.timeLimit(.minutes(5)))
    func theSDKRegistersAPasskeyAndSignsInWithIt() async throws {
        // As an iOS app with the associated domain `webcredentials:example.com`: the platform
        // writes the origin `https://example.com` in the client data.
        try await withLiveServer(configure: {
            $0.passkeys.enabled = true
            $0.passkeys.rpID = "example.com"
            $0.passkeys.rpOrigins = ["https://example.com"]
        }) { server in
            let auth = server.client()
            let email = try await server.account()
            let userId = try await auth.signIn(email: email, password: testPassword).user.id
            let ceremony = SoftwarePasskeyCeremony()

            // Registration: the options name the account (user.id is its UUID string's bytes).
            let added = try await auth.registerPasskey(using: ceremony)
            #expect(added.friendlyName == PasskeyText.defaultName && added.lastUsedAt == nil)
            #expect(ceremony.passkey.registered.userHandle == Data(userId.utf8))
            #expect(try await auth.listPasskeys().map(\.id) == [added.id])

            // Signed out, the passkey alone signs the account in: a session as /token's, amr passkey.
            try await auth.signOut()
            #expect(await auth.currentSession() == nil)
            let session = try await auth.signInWithPasskey(using: ceremony)
            #expect(session.user.id == userId && session.user.email == email)
            #expect(try Self.methods(session.accessToken) == ["passkey"])
            #expect(try Self.claims(session.accessToken).objectValue?["aal"]?.stringValue == "aal1")
            #expect(await auth.currentSession()?.accessToken == session.accessToken)
            let fetched = try await auth.user()
            #expect(fetched.id == userId && fetched.lastSignInAt != nil)
            let listed = try await auth.listPasskeys()
            #expect(listed.map(\.id) == [added.id] && listed.first?.lastUsedAt != nil)

            // The login page's passkey button, with the same authenticator.
            try await auth.signOut()
            let model = LoginModel(
                auth: auth, clock: ManualClock(), reachability: FixedReachability(reachable: true), passkeyCeremony: ceremony)
            await model.signInWithPasskey()
            #expect(model.passkeyState == .signedIn, "\(String(describing: model.passkeyMessage))")
            #expect(model.destination == .dashboard)
            #expect(model.signedInUser?.id == userId)
            let current = try #require(await auth.currentSession())
            #expect(try Self.methods(current.accessToken) == ["passkey"])
            #expect(try await auth.user().email == email)

            #expect(ceremony.registrations == 1 && ceremony.assertions == 2)
            #expect(ceremony.passkey.registered.signCount == 2)
        }
    }
}
