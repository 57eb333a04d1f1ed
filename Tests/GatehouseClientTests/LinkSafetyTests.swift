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
import Testing

/// A link replaces the session only when it points at this app, carries what the
/// flow expects, says what it is for, and belongs to the user already signed in (or the app says so).
@Suite("Links that may open a session")
struct LinkSafetyTests {
    static let clock = FixedClock()

    /// A server that signs Alice in with a password and answers `/verify` and `/user` with Bob.
    static func server() -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            let path = request.url!.path
            if path.hasSuffix("/token") { return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now + 3600)) }
            if path.hasSuffix("/verify") { return .json(Scripted.session("bob", id: Scripted.bob, expiresAt: clock.now + 3600)) }
            if path.hasSuffix("/user") { return .json(Scripted.userJSON(id: Scripted.bob, email: "bob@example.com")) }
            return .noContent
        }
    }

    @Test func aPKCEClientRefusesImplicitTokensFromAnyURL() async throws {
        let transport = Self.server()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage)
        let alice = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let stored = try storage.load(key: "gatehouse.auth.session")
        for link in [
            "evilapp://x#access_token=evil&refresh_token=evil&expires_in=3600",
            "myapp://auth/callback#access_token=evil&refresh_token=evil",
        ] {
            await #expect(throws: (any Error).self) { try await client.session(from: URL(string: link)!) }
        }
        #expect(await client.currentSession() == alice)
        #expect(try storage.load(key: "gatehouse.auth.session") == stored)
        #expect(transport.requests(path: "/user").isEmpty)
    }

    @Test func aTokenLinkOnAForeignHostIsNotRedeemed() async throws {
        let transport = Self.server()
        let client = Scripted.client(transport, clock: Self.clock) { $0.flowType = .implicit }
        for link in [
            "https://evil.example/reset-password?token=abc&type=recovery", "https://evil.example/reset-password?token=abc",
            "myapp://auth/other?token_hash=abc&type=recovery", "myapp://elsewhere/callback?token_hash=abc&type=recovery",
        ] {
            await #expect(throws: (any Error).self, "\(link)") { try await client.session(from: URL(string: link)!) }
        }
        #expect(transport.requests(path: "/verify").isEmpty)
        #expect(await client.currentSession() == nil)
    }

    @Test func aTokenLinkMustSayWhatItIsFor() async throws {
        let transport = Self.server()
        let client = Scripted.client(transport, clock: Self.clock) { $0.flowType = .implicit }
        await #expect(throws: (any Error).self) { try await client.session(from: URL(string: "myapp://auth/callback?token=abc")!) }
        #expect(transport.requests(path: "/verify").isEmpty)
        // With the type in the link, or a place configured to imply it, the same link is redeemed.
        _ = try await client.session(from: URL(string: "MyApp://AUTH/callback/?token=abc&type=magiclink")!)
        #expect(transport.requests(path: "/verify").last?.jsonBody["type"] == "magiclink")
        let page = URL(string: "https://auth.example.com/reset-password")!
        let paged = Scripted.client(transport, clock: Self.clock) {
            $0.flowType = .implicit
            $0.allowedLinks = [AllowedLink(page, impliedType: .recovery)]
        }
        #expect(paged.acceptsLink(URL(string: "https://auth.example.com:443/reset-password?token=abc")!))
        let events = EventLog(paged)
        _ = try await paged.session(from: URL(string: "https://auth.example.com/reset-password?token=abc")!)
        #expect(transport.requests(path: "/verify").last?.jsonBody["type"] == "recovery")
        #expect(await events.wait(count: 2) == [.signedIn, .passwordRecovery])
    }

    @Test func aPKCEClientRedeemsOnlyCodesToItsRedirectURL() async throws {
        let transport = Self.server()
        let client = Scripted.client(transport, clock: Self.clock)
        let code = await #expect(throws: AuthClientError.self) {
            try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=recovery")!)
        }
        #expect(code == .invalidLink("a PKCE client accepts only ?code= links"))
        // A code reaches the exchange (and fails there: this device asked for no link).
        await #expect(throws: AuthClientError.codeVerifierMissing) {
            try await client.session(from: URL(string: "myapp://auth/callback?code=c")!)
        }
        #expect(!client.acceptsLink(URL(string: "evilapp://auth/callback?code=c")!))
        #expect(transport.requests(path: "/verify").isEmpty)
    }

    @Test func anotherUsersLinkDoesNotSilentlyReplaceTheSignedInUser() async throws {
        let transport = Self.server()
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(transport, clock: Self.clock, storage: storage) { $0.flowType = .implicit }
        let alice = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let events = EventLog(client)
        for link in [
            "myapp://auth/callback?token_hash=abc&type=magiclink",
            "myapp://auth/callback#access_token=bob&refresh_token=bob&type=magiclink",
        ] {
            let conflict = await #expect(throws: LinkSessionConflict.self, "\(link)") { try await client.session(from: URL(string: link)!) }
            #expect(conflict?.signedInUser.id == Scripted.alice)
            #expect(conflict?.linkUser.id == Scripted.bob)
            #expect(await client.currentSession() == alice)
        }
        let stored = try #require(try storage.load(key: "gatehouse.auth.session"))
        #expect(try JSONDecoder().decode(Session.self, from: stored) == alice)
        #expect(await events.emittedSoFar().isEmpty)

        // The app decides: keep Alice (Bob's redeemed session is revoked), or switch to Bob.
        await #expect(throws: LinkSessionConflict.self) {
            try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=magiclink")!)
        }
        await client.discardPendingLinkSession()
        #expect(transport.requests(path: "/logout").last?.bearer == "access-bob")
        #expect(await client.currentSession() == alice)
        await #expect(throws: LinkSessionConflict.self) {
            try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=magiclink")!)
        }
        let bob = try await client.adoptPendingLinkSession()
        #expect(bob.user.id == Scripted.bob)
        #expect(await client.currentSession() == bob)
        #expect(transport.requests(path: "/logout").last?.bearer == "access-alice")
        #expect(await events.wait(count: 2) == [.signedOut, .signedIn])
    }

    @Test func theSameUsersLinkReplacesTheSession() async throws {
        let transport = ScriptedGoTrue { request in
            .json(
                Scripted.session(
                    request.url!.path.hasSuffix("/verify") ? "alice2" : "alice", id: Scripted.alice, expiresAt: Self.clock.now + 3600))
        }
        let client = Scripted.client(transport, clock: Self.clock) { $0.flowType = .implicit }
        _ = try await client.signIn(email: "alice@example.com", password: "pw")
        let linked = try await client.session(from: URL(string: "myapp://auth/callback?token_hash=abc&type=recovery")!)
        #expect(await client.currentSession() == linked)
    }
}
