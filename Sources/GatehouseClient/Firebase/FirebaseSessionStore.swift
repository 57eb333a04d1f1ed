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

/// The `FirebaseAuthClient`'s current session (persistent storage when remembered, memory
/// otherwise), refreshed once however many callers ask, and the reset codes a link or a typed
/// code opened (memory only).
actor FirebaseSessionStore {
    private let persistent: any SessionStorage
    private let key: String
    private var current: Session?
    private var restored = false
    private var remember = true
    private var refreshing: Task<Session, any Error>?
    /// Reset codes checked with `accounts:resetPassword {oobCode}`, by the handle the recovery
    /// session carries instead of a token (the code itself is never put in a `Session`).
    private var resetCodes: [String: String] = [:]
    private var currentRecovery: Session?

    init(storage: any SessionStorage, key: String) {
        persistent = storage
        self.key = key
    }

    func stored() -> Session? {
        if !restored {
            restored = true
            if let data = try? persistent.load(key: key) { current = try? JSONDecoder().decode(Session.self, from: data) }
        }
        return current
    }

    func save(_ session: Session, remember: Bool? = nil) {
        if let remember { self.remember = remember }
        restored = true
        current = session
        refreshing = nil
        if self.remember, let data = try? JSONEncoder().encode(session) {
            try? persistent.store(data, key: key)
        } else {
            try? persistent.remove(key: key)
        }
    }

    func clear() {
        restored = true
        current = nil
        refreshing = nil
        try? persistent.remove(key: key)
    }

    /// The stored session, refreshed first when it expires within `leeway` seconds.
    func valid(leeway: Double, now: Double, refresh: @escaping @Sendable (Session) async throws -> Session) async throws -> Session {
        guard let session = stored() else { throw AuthClientError.sessionMissing }
        if !session.expires(within: leeway, now: now) { return session }
        return try await refreshed(refresh)
    }

    /// Refreshes the stored session; callers that arrive meanwhile share the request.
    func refreshed(_ refresh: @escaping @Sendable (Session) async throws -> Session) async throws -> Session {
        if let refreshing { return try await refreshing.value }
        guard let session = stored() else { throw AuthClientError.sessionMissing }
        let task = Task { try await refresh(session) }
        refreshing = task
        defer { refreshing = nil }
        let fresh = try await task.value
        // Kept only if nothing replaced the session meanwhile (a sign-out, another sign-in).
        if current?.refreshToken == session.refreshToken { save(fresh) }
        return fresh
    }

    // MARK: Reset codes

    func holdResetCode(_ code: String, for session: Session) {
        resetCodes[session.accessToken] = code
        currentRecovery = session
    }

    func resetCode(for session: Session) -> String? {
        resetCodes[session.accessToken]
    }

    func recovery() -> Session? { currentRecovery }

    func dropResetCode(for session: Session) {
        resetCodes[session.accessToken] = nil
        if currentRecovery?.accessToken == session.accessToken { currentRecovery = nil }
    }
}
