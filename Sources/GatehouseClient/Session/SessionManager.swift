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

/// Owns the current session: where it is kept ("remember me" → persistent storage, otherwise
/// memory only), handing out a valid one, and refreshing it — once, however many callers ask at
/// the same time.
actor SessionManager {
    private let api: GoTrueAPI
    private let events: AuthEventBroadcaster
    private let persistent: any SessionStorage
    private let memory = MemorySessionStorage()
    private let key: String
    private let lock: any RefreshLock
    private let leeway: Double
    private let now: @Sendable () -> Date

    private var current: Session?
    private var restored = false
    private var remember = true
    /// A link's session for another user, waiting for the app's decision (memory only).
    private var pending: PendingLinkSession?
    /// Whether the current session came from a password-reset link or code (kept in memory only).
    private var currentIsRecovery = false
    /// Bumped by every sign-in, link and sign-out. A refresh remembers the generation it started
    /// in: if it changed (or the session was rotated meanwhile), the refresh lost the race and
    /// its result is revoked instead of kept.
    private var generation = 0
    /// The refresh under way and its generation; every caller that arrives meanwhile awaits
    /// this same task.
    private var refreshing: (generation: Int, task: Task<Session, any Error>)?
    /// Transient refresh failures in a row, and when the background refresher may try again.
    private var backoff: RefreshBackoff
    private var nextAutoRefresh: Date?

    init(api: GoTrueAPI, events: AuthEventBroadcaster, configuration: AuthClientConfiguration) {
        self.api = api
        self.events = events
        self.persistent = configuration.storage
        self.key = configuration.storageKey
        if let lock = configuration.refreshLock {
            self.lock = lock
        } else if let files = configuration.storage as? FileSessionStorage {
            self.lock = FileRefreshLock(url: files.fileURL(for: configuration.storageKey).appendingPathExtension("lock"))
        } else {
            self.lock = NoRefreshLock()
        }
        self.leeway = configuration.refreshLeeway.seconds
        self.now = configuration.now
        backoff = RefreshBackoff(first: configuration.refreshRetryDelay, maximum: configuration.refreshRetryMaximumDelay)
    }

    /// The stored session, without any network call; restored from persistent storage once.
    /// A storage that cannot be read now (a Keychain before first unlock) leaves the session
    /// unknown: nil for now, and read again next time — never taken for "signed out".
    func storedSession() -> Session? {
        try? readStoredSession()
    }

    /// As `storedSession()`, but a storage that cannot be read throws `SessionStorageError`.
    func readStoredSession() throws -> Session? {
        if !restored {
            let data: Data?
            do {
                data = try persistent.load(key: key)
            } catch {
                throw SessionStorageError(operation: .read, key: key, reason: String(describing: error))
            }
            restored = true
            if let data, let session = try? JSONDecoder().decode(Session.self, from: data) {
                current = session
            }
        }
        return current
    }

    /// Keeps `session`; `remember` (when given) decides between persistent storage and memory.
    func save(_ session: Session, remember: Bool? = nil) {
        if let remember { self.remember = remember }
        restored = true
        current = session
        guard let data = try? JSONEncoder().encode(session) else { return }
        // A storage failure leaves the session usable for this run rather than failing sign-in.
        if self.remember {
            memory.remove(key: key)
            try? persistent.store(data, key: key)
        } else {
            memory.store(data, key: key)
            try? persistent.remove(key: key)
        }
    }

    /// A new session from a sign-in or a link becomes the current one.
    /// A recovery session is never written to persistent storage, whatever else was chosen.
    func adopt(_ session: Session, remember: Bool, recovery: Bool = false) -> Session {
        startNewGeneration()
        save(session, remember: remember && !recovery)
        currentIsRecovery = recovery
        return session
    }

    /// A step-up (MFA verification) replaced the current session: kept where the old one was.
    func replace(with session: Session) -> Session {
        startNewGeneration()
        save(session)
        currentIsRecovery = false
        return session
    }

    /// The current session if a reset link or code opened it.
    func recoverySession() -> Session? {
        currentIsRecovery ? current : nil
    }

    /// The app keeps the recovery session after the reset: from now on it is an ordinary one
    /// (still in memory only: "remember me" was never asked).
    func keepRecoverySession(_ session: Session) {
        if currentIsRecovery, current?.refreshToken == session.refreshToken { currentIsRecovery = false }
    }

    func holdPending(_ link: PendingLinkSession) {
        pending = link
    }

    func takePending() -> PendingLinkSession? {
        defer { pending = nil }
        return pending
    }

    /// Forgets the session: at once in memory, then the stored copy (retried once; a copy left
    /// behind is reported, as a sign-out that did not finish).
    func clear() throws {
        startNewGeneration()
        restored = true
        current = nil
        currentIsRecovery = false
        memory.remove(key: key)
        try persistent.removeReliably(key: key)
    }

    /// A session whose access token is good for at least the leeway, refreshing if needed.
    func validSession() async throws -> Session {
        guard let session = storedSession() else { throw AuthClientError.sessionMissing }
        if !session.expires(within: leeway, now: now().timeIntervalSince1970) { return session }
        return try await refresh(force: false)
    }

    /// Whatever was under way belongs to the past: refreshes started before are not joined and
    /// their results not kept; a link's session waiting for a decision is dropped.
    private func startNewGeneration() {
        generation += 1
        refreshing = nil
        backoff.succeeded()
        nextAutoRefresh = nil
        pending = nil
    }

    /// Refreshes the session: single-flight, so concurrent callers share one request and one
    /// rotation (a second rotation would race the first and could trip reuse detection).
    /// `force`: rotate even if another client already left a fresh session in storage.
    func refresh(force: Bool = true) async throws -> Session {
        if let refreshing, refreshing.generation == generation { return try await refreshing.task.value }
        guard let session = storedSession() else { throw AuthClientError.sessionMissing }
        let started = generation
        let task = Task { try await self.performRefresh(of: session, generation: started, force: force) }
        refreshing = (started, task)
        return try await task.value
    }

    /// Another client with the same storage key rotated the session: adopt the stored one (the
    /// server has already retired our refresh token). Only remembered sessions are shared.
    private func adoptNewerStoredSession(than session: Session, generation started: Int) -> Session? {
        guard remember, isCurrent(session, generation: started),
            let data = try? persistent.load(key: key), let stored = try? JSONDecoder().decode(Session.self, from: data),
            stored.refreshToken != session.refreshToken, stored.user.id == session.user.id
        else { return nil }
        current = stored
        events.emit(.tokenRefreshed, stored)
        return stored
    }

    /// Whether `session` is still the current one of generation `started`.
    private func isCurrent(_ session: Session, generation started: Int) -> Bool {
        generation == started && current?.refreshToken == session.refreshToken
    }

    private func performRefresh(of session: Session, generation started: Int, force: Bool) async throws -> Session {
        defer { if refreshing?.generation == started { refreshing = nil } }
        // One process at a time; and under the lock, the stored session may be newer than ours
        // (another client rotated it): refresh that one, or just use it if it is still fresh.
        let hold = await lock.acquire()
        defer { hold.release() }
        var session = session
        if let newer = adoptNewerStoredSession(than: session, generation: started) {
            if !force, !newer.expires(within: leeway, now: now().timeIntervalSince1970) { return newer }
            session = newer
        }
        do {
            let refreshed = try await api.refresh(refreshToken: session.refreshToken)
            guard isCurrent(session, generation: started) else {
                // Signed out, or someone else signed in, while this was in flight: the new
                // tokens must not come back, nor stay alive on the server.
                try? await api.logout(accessToken: refreshed.accessToken, scope: .local)
                if let current { return current }
                throw AuthClientError.sessionMissing
            }
            backoff.succeeded()
            nextAutoRefresh = nil
            save(refreshed)
            events.emit(.tokenRefreshed, refreshed)
            return refreshed
        } catch let error as AuthClientError {
            // A refresh token refused for good ends the session (as supabase-swift does for
            // revoked and reused ones) — the session that was refreshed, not a newer one.
            guard isCurrent(session, generation: started) else { throw error }
            if error.endsSessionOnRefresh {
                try? clear()
                events.emit(.signedOut, nil, endReason: .of(error))
            } else {
                nextAutoRefresh = now().addingTimeInterval(backoff.failed())
            }
            throw error
        }
    }

    /// One beat of the background refresher: refresh when the token is about to expire.
    func autoRefreshTick() async {
        guard let session = storedSession(), session.expires(within: leeway, now: now().timeIntervalSince1970) else { return }
        // After transient failures, wait out the pause; a dead session was already cleared.
        if let nextAutoRefresh, now() < nextAutoRefresh { return }
        _ = try? await refresh(force: false)
    }

    /// Ends `session` if it is still the current one (the server said it is dead); true if it was.
    func endIfCurrent(_ session: Session) -> Bool {
        guard current?.refreshToken == session.refreshToken else { return false }
        try? clear()
        return true
    }

    /// After a password change the server answers the updated user; the session carries it.
    func replaceUser(_ user: User, ifAccessToken accessToken: String? = nil) -> Session? {
        guard var session = storedSession(), accessToken.map({ $0 == session.accessToken }) ?? true else { return nil }
        session.user = user
        save(session)
        return session
    }
}

/// A link's session held back until the app decides (see `LinkSessionConflict`).
struct PendingLinkSession: Sendable {
    var session: Session
    var recovery: Bool
    var remember: Bool
}
