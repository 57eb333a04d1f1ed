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
import GatehouseTestSupport
import Synchronization
import Testing

/// A server that rotates one refresh token and, like GoTrue, refuses a token already used.
struct RotatingServer: Sendable {
    let clock: FixedClock
    let gate = ScriptGate()
    let transport: ScriptedGoTrue

    init(clock: FixedClock, holdFirstRefresh: Bool = false) {
        self.clock = clock
        let gate = gate
        let state = Mutex<(latest: Int, holdFirst: Bool)>((0, holdFirstRefresh))
        transport = ScriptedGoTrue { request in
            if request.url!.query?.contains("grant_type=password") == true {
                // Sessions about to expire (30 s, inside the 60 s leeway): the first use refreshes.
                return .json(Scripted.session("alice0", id: Scripted.alice, expiresAt: clock.now + 30))
            }
            guard request.url!.query?.contains("grant_type=refresh_token") == true else { return .noContent }
            let hold = state.withLock { state in
                defer { state.holdFirst = false }
                return state.holdFirst
            }
            if hold { await gate.wait() }
            let presented = request.jsonBody["refresh_token"] ?? ""
            let next: Int? = state.withLock { state in
                guard presented == "refresh-alice\(state.latest)" else { return nil }
                state.latest += 1
                return state.latest
            }
            guard let next else { return .error("refresh_token_already_used", status: 400) }
            return .json(Scripted.session("alice\(next)", id: Scripted.alice, expiresAt: clock.now + 3600))
        }
    }
}

/// A client's lock file that notes each turn asked for: a test then knows the client is waiting.
struct ObservedRefreshLock: RefreshLock {
    let lock: FileRefreshLock
    let asked = Watched(0)

    init(_ lock: FileRefreshLock) { self.lock = lock }

    func acquire() async -> RefreshLockHold {
        asked.update { $0 += 1 }
        return await lock.acquire()
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app and its extension (two clients, one storage key) never present a refresh
/// token the other has already rotated.
@Suite("Two clients on one stored session")
struct SharedStorageTests {
    @Test func aClientAdoptsTheNewerStoredSessionBeforeRefreshing() async throws {
        let server = RotatingServer(clock: FixedClock())
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let app = Scripted.client(server.transport, clock: server.clock, storage: storage)
        _ = try await app.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let extensionClient = Scripted.client(server.transport, clock: server.clock, storage: storage)
        #expect(await extensionClient.restoreSession()?.refreshToken == "refresh-alice0")

        _ = try await app.refreshSession()
        let refreshed = try await extensionClient.refreshSession()
        #expect(refreshed.refreshToken == "refresh-alice2")
        _ = try await app.refreshSession()
        #expect(await app.currentSession()?.refreshToken == "refresh-alice3")
        #expect(
            server.transport.requests(path: "/token", query: "grant_type=refresh_token").map { $0.jsonBody["refresh_token"] }
                == ["refresh-alice0", "refresh-alice1", "refresh-alice2"])
    }

    @Test func concurrentRefreshesOfTwoClientsRotateOnce() async throws {
        let server = RotatingServer(clock: FixedClock(), holdFirstRefresh: true)
        let storage = Scripted.fileStorage()
        defer { storage.removeDirectory() }
        let app = Scripted.client(server.transport, clock: server.clock, storage: storage)
        _ = try await app.signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        let lock = ObservedRefreshLock(FileRefreshLock(url: storage.fileURL(for: "gatehouse.auth.session").appendingPathExtension("lock")))
        let extensionClient = Scripted.client(server.transport, clock: server.clock, storage: storage) { $0.refreshLock = lock }
        _ = await extensionClient.restoreSession()

        let first = Task { try await app.session }
        await server.transport.wait(forRequests: 1, path: "/token", query: "grant_type=refresh_token")
        let second = Task { try await extensionClient.session }
        // The extension now waits for the lock the app holds until its refresh is answered.
        await lock.asked.wait { $0 == 1 }
        server.gate.open()
        let sessions = try await [first.value, second.value]
        #expect(sessions.map(\.refreshToken) == ["refresh-alice1", "refresh-alice1"])
        #expect(server.transport.requests(path: "/token", query: "grant_type=refresh_token").count == 1)
    }
}
