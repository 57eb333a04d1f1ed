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

/// GoTrue's session time-box and inactivity timeout: off by default; when
/// set, a refresh past either limit answers 400 `session_expired`.
@Suite("Session time-box and inactivity timeout")
struct SessionLimitsTests {
    @Test("past the time-box a refresh is refused, however active the session", arguments: Backend.all)
    func timebox(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: { $0.sessions.timebox = 4 }, clock: time.clock) { api in
            let session = try await api.signedInUser()
            // Refreshing does not extend the time-box...
            time.advance(seconds: 1)
            let refreshed = try TestSession(try await api.refresh(session.refreshToken))
            // ...which ends 4 s after sign-in.
            time.advance(seconds: 3.5)
            let refused = try await api.refresh(refreshed.refreshToken)
            #expect(refused.status == .badRequest, "\(refused)")
            #expect(refused.errorCode == "session_expired")
            #expect(refused.message == "Invalid Refresh Token: Session Expired")
        }
    }

    @Test("after the inactivity timeout without a refresh, a refresh is refused", arguments: Backend.all)
    func inactivity(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: { $0.sessions.inactivityTimeout = 3 }, clock: time.clock) { api in
            var session = try await api.signedInUser()
            // Refreshing every 1.5 s keeps it alive past 3 s in total...
            for _ in 0..<2 {
                time.advance(seconds: 1.5)
                session = try TestSession(try await api.refresh(session.refreshToken))
            }
            // ...3.5 s without one ends it.
            time.advance(seconds: 3.5)
            let refused = try await api.refresh(session.refreshToken)
            #expect(refused.status == .badRequest, "\(refused)")
            #expect(refused.errorCode == "session_expired")
            #expect(refused.message == "Invalid Refresh Token: Session Expired (Inactivity)")
        }
    }

    @Test("off by default: an old, idle session still refreshes", arguments: Backend.all)
    func offByDefault(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let session = try await api.signedInUser()
            time.advance(seconds: 86_400)
            #expect(try await api.refresh(session.refreshToken).status == .ok)
        }
    }

    @Test("settings: seconds or Go-style durations, 0 is off, nonsense stops the start")
    func settings() throws {
        let env = ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)]
        let defaults = try ServerConfiguration.fromEnvironment(env).sessions
        #expect(defaults.timebox == 0 && defaults.inactivityTimeout == 0)
        let set = try ServerConfiguration.fromEnvironment(
            env.merging([
                "GATEHOUSE_SESSIONS_TIMEBOX": "24h", "GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT": "90",
            ]) { $1 }
        ).sessions
        #expect(set.timebox == 86_400 && set.inactivityTimeout == 90)
        #expect(
            try ServerConfiguration.fromEnvironment(env.merging(["GATEHOUSE_SESSIONS_TIMEBOX": "1h30m"]) { $1 }).sessions.timebox == 5400)
        for bad in ["-1", "soon", "5x", "h", "99999999999999", "3650000d"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration.fromEnvironment(env.merging(["GATEHOUSE_SESSIONS_TIMEBOX": bad]) { $1 })
            }
        }
    }
}
