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

/// A stored session that cannot be read right now (a locked Keychain before first
/// unlock, a busy item) is unknown — not "signed out" for the rest of the run.
@Suite("A stored session that cannot be read")
struct UnreadableStorageTests {
    static let clock = FixedClock()

    @Test func aReadErrorIsRetriedNotTakenForSignedOut() async throws {
        let transport = ScriptedGoTrue { _ in .json(Scripted.session("alice", id: Scripted.alice, expiresAt: Self.clock.now + 3600)) }
        let storage = FlakyStorage()
        let alice = try await Scripted.client(transport, clock: Self.clock, storage: storage)
            .signIn(email: "alice@example.com", password: "pw", rememberMe: true)

        let relaunched = Scripted.client(transport, clock: Self.clock, storage: storage)
        storage.failLoads = true
        #expect(await relaunched.currentSession() == nil)
        storage.failLoads = false
        #expect(await relaunched.currentSession() == alice)
    }
}
