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
import Synchronization
import Testing

/// A Keychain played by the test: answers each call with a scripted status, records the items.
final class FakeKeychain: KeychainOperations {
    private let state = Mutex((items: [String: Data](), readStatus: Optional<Int32>.none, seen: [KeychainItem]()))

    /// Makes every read answer this status (e.g. interaction not allowed: locked device).
    func failReads(with status: Int32?) { state.withLock { $0.readStatus = status } }
    var seen: [KeychainItem] { state.withLock { $0.seen } }

    func copyData(_ item: KeychainItem) -> (status: Int32, data: Data?) {
        state.withLock { state in
            state.seen.append(item)
            if let status = state.readStatus { return (status, nil) }
            guard let data = state.items[item.account] else { return (KeychainStatus.itemNotFound, nil) }
            return (KeychainStatus.success, data)
        }
    }

    func update(_ item: KeychainItem, data: Data) -> Int32 {
        state.withLock { state in
            state.seen.append(item)
            guard state.items[item.account] != nil else { return KeychainStatus.itemNotFound }
            state.items[item.account] = data
            return KeychainStatus.success
        }
    }

    func add(_ item: KeychainItem, data: Data) -> Int32 {
        state.withLock { state in
            state.seen.append(item)
            state.items[item.account] = data
            return KeychainStatus.success
        }
    }

    func delete(_ item: KeychainItem) -> Int32 {
        state.withLock { state in
            state.seen.append(item)
            return state.items.removeValue(forKey: item.account) == nil ? KeychainStatus.itemNotFound : KeychainStatus.success
        }
    }
}

/// The Keychain storage's decisions, on a fake (the Security calls themselves run
/// only on Apple platforms).
@Suite("Keychain storage decisions")
struct KeychainDecisionTests {
    @Test func onlyNotFoundMeansNoSession() throws {
        let keychain = FakeKeychain()
        let store = KeychainSessionStore(service: "app", operations: keychain)
        #expect(try store.load(key: "k") == nil)
        try store.store(Data("one".utf8), key: "k")
        try store.store(Data("two".utf8), key: "k")
        #expect(try store.load(key: "k") == Data("two".utf8))
        keychain.failReads(with: KeychainStatus.interactionNotAllowed)
        let error = #expect(throws: SessionStorageError.self) { try store.load(key: "k") }
        #expect(error?.operation == .read)
        try store.remove(key: "k")
        try store.remove(key: "k")
    }

    @Test func aLockedKeychainAtLaunchIsNotASignOut() async throws {
        let keychain = FakeKeychain()
        let store = KeychainSessionStore(service: "app", operations: keychain)
        let transport = ScriptedGoTrue { _ in .json(Scripted.session("alice", id: Scripted.alice, expiresAt: Date() + 3600)) }
        let alice = try await Scripted.client(transport, clock: FixedClock(Date()), storage: store)
            .signIn(email: "alice@example.com", password: "pw", rememberMe: true)
        keychain.failReads(with: KeychainStatus.interactionNotAllowed)
        let relaunched = Scripted.client(transport, clock: FixedClock(Date()), storage: store)
        let events = EventLog(relaunched)
        #expect(await relaunched.restoreSession() == nil)
        await #expect(throws: SessionStorageError.self) { try await relaunched.readStoredSession() }
        keychain.failReads(with: nil)
        #expect(await relaunched.restoreSession() == alice)
        #expect(await events.wait(count: 1) == [.initialSession])
        #expect(events.changes.first?.session == alice)
    }

    @Test func theDataProtectionKeychainAndAccessGroupReachEveryCall() throws {
        let keychain = FakeKeychain()
        let store = KeychainSessionStore(service: "app", accessGroup: "TEAM.group", useDataProtectionKeychain: true, operations: keychain)
        try store.store(Data("x".utf8), key: "k")
        _ = try store.load(key: "k")
        try store.remove(key: "k")
        #expect(!keychain.seen.isEmpty)
        #expect(keychain.seen.allSatisfy { $0.useDataProtectionKeychain && $0.accessGroup == "TEAM.group" && $0.service == "app" })
        #if os(macOS)
            #expect(KeychainSessionStore.dataProtectionKeychainByDefault)
        #endif
    }

    @Test func theFirstLaunchAfterAnInstallClearsTheStoredSession() throws {
        let suite = "gatehouse-test-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let storage = MemorySessionStorage()
        storage.store(Data("left from the last install".utf8), key: "gatehouse.auth.session")
        storage.store(Data("verifier".utf8), key: "gatehouse.auth.session-code-verifier")
        let check = FirstLaunchAfterInstall(defaults: defaults)
        #expect(check.isFirstLaunch)
        #expect(try check.clearIfFirstLaunch(storage))
        #expect(storage.load(key: "gatehouse.auth.session") == nil)
        #expect(storage.load(key: "gatehouse.auth.session-code-verifier") == nil)
        // Later launches keep what they find.
        storage.store(Data("this install's session".utf8), key: "gatehouse.auth.session")
        #expect(try !FirstLaunchAfterInstall(defaults: defaults).clearIfFirstLaunch(storage))
        #expect(storage.load(key: "gatehouse.auth.session") != nil)
    }

    @Test func aFailedClearIsTriedAgainNextLaunch() throws {
        let suite = "gatehouse-test-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let storage = FlakyStorage()
        storage.failRemoves = true
        #expect(throws: SessionStorageError.self) { try FirstLaunchAfterInstall(defaults: defaults).clearIfFirstLaunch(storage) }
        #expect(FirstLaunchAfterInstall(defaults: defaults).isFirstLaunch)
    }
}
