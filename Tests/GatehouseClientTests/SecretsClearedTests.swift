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
import Synchronization
import Testing

/// A storage whose deletes (or reads) fail while `failing` is set, like a locked Keychain.
final class FlakyStorage: SessionStorage {
    private let inner = MemorySessionStorage()
    private let state = Mutex((failRemoves: false, failLoads: false, removeAttempts: 0))

    var failRemoves: Bool {
        get { state.withLock { $0.failRemoves } }
        set { state.withLock { $0.failRemoves = newValue } }
    }

    var failLoads: Bool {
        get { state.withLock { $0.failLoads } }
        set { state.withLock { $0.failLoads = newValue } }
    }

    var removeAttempts: Int { state.withLock { $0.removeAttempts } }

    struct Failure: Error {}

    func load(key: String) throws -> Data? {
        if failLoads { throw Failure() }
        return inner.load(key: key)
    }

    func store(_ data: Data, key: String) throws { inner.store(data, key: key) }

    func remove(key: String) throws {
        let fail = state.withLock { state in
            state.removeAttempts += 1
            return state.failRemoves
        }
        if fail { throw Failure() }
        inner.remove(key: key)
    }
}

/// Secrets left behind, the client's half: the PKCE verifier does not outlive its use or the sign-out, and a
/// sign-out whose stored copy could not be deleted does not report success.
@Suite("Secrets left behind")
struct SecretsClearedTests {
    static let clock = FixedClock()
    static let verifierKey = "gatehouse.auth.session-code-verifier"

    static func server(exchange: ScriptedGoTrue.Answer = .error("flow_state_expired", status: 400)) -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            let url = request.url!
            if url.query?.contains("grant_type=password") == true {
                return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now + 3600))
            }
            if url.query?.contains("grant_type=pkce") == true { return exchange }
            if url.path.hasSuffix("/recover") { return .json("{}") }
            return .noContent
        }
    }

    @Test func signingOutForgetsThePKCEVerifier() async throws {
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(Self.server(), clock: Self.clock, storage: storage)
        try await client.resetPasswordForEmail("alice@example.com")
        #expect(try storage.load(key: Self.verifierKey) != nil)
        _ = try await client.signIn(email: "alice@example.com", password: "pw")
        try await client.signOut()
        #expect(try storage.load(key: Self.verifierKey) == nil)
    }

    @Test func aRefusedExchangeSpendsTheVerifierAndAFailedOneKeepsIt() async throws {
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let client = Scripted.client(Self.server(exchange: .error("unexpected_failure", status: 503)), clock: Self.clock, storage: storage)
        try await client.resetPasswordForEmail("alice@example.com")
        await #expect(throws: AuthClientError.self) { try await client.session(from: URL(string: "myapp://auth/callback?code=c")!) }
        #expect(try storage.load(key: Self.verifierKey) != nil, "a server failure can be retried with the same link")

        let refused = Scripted.client(Self.server(), clock: Self.clock, storage: storage)
        await #expect(throws: AuthClientError.self) { try await refused.session(from: URL(string: "myapp://auth/callback?code=c")!) }
        #expect(try storage.load(key: Self.verifierKey) == nil)
    }

    @Test func aSignOutWhoseStoredCopyCannotBeDeletedIsNotASuccess() async throws {
        let storage = FlakyStorage()
        let client = Scripted.client(Self.server(), clock: Self.clock, storage: storage)
        _ = try await client.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        storage.failRemoves = true
        await #expect(throws: (any Error).self) { try await client.signOut() }
        #expect(storage.removeAttempts >= 2, "the delete is retried before giving up")
        // Gone from this run all the same.
        #expect(await client.currentSession() == nil)
    }
}
