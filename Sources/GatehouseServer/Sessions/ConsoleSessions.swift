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

/// Where a console session stands (`resumeConsoleSession`).
enum ConsoleSessionStatus: Sendable {
    /// An operator, at full strength: the console's pages open.
    case active(Authenticated, now: Timestamp)
    /// Past the password, but the account's TOTP code has not been given yet.
    case needsFactor(Authenticated, factorId: UUID)
    /// Idle past `consoleIdleLimit` or older than `consoleAbsoluteLimit`; it has just been ended.
    case timedOut
    /// The session no longer exists (signed out, revoked) or its user is gone or banned.
    case ended
    /// Alive, but the account is not (or no longer) an operator: demoted since signing in.
    case notOperator(Authenticated)
}

/// The console's sessions: ordinary rows of `sessions` (listed and revoked like any other, so
/// revoking an operator's sessions or banning them ends the console at once), resumed on every
/// console request with stricter limits than the pages' cookie sessions.
extension SessionService {
    /// Seconds without a console request before the session ends
    /// (`GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT`, 15 minutes by default).
    var consoleIdleLimit: Int64 { Int64(configuration.adminConsoleIdleTimeout) }
    /// Eight hours from the password, however busy: a working day, then a fresh sign-in (so a
    /// console session is always a recent sign-in, as the issue asks).
    static let consoleAbsoluteLimit: Int64 = 8 * 3600

    /// Resumes the console session a cookie names: last seen at `lastSeen`, signed in at
    /// `startedAt` (seconds since the epoch).
    func resumeConsoleSession(sessionId: UUID, userId: UUID, lastSeen: Int64, startedAt: Int64) async throws(AuthError)
        -> ConsoleSessionStatus
    {
        let now = clock.now()
        let loaded = try await store.run { try await $0.sessions.findWithUser(id: sessionId) }
        guard let (session, user) = loaded, user.id == userId else { return .ended }
        let seconds = now.secondsSinceEpoch
        if seconds - lastSeen > consoleIdleLimit || seconds - startedAt > Self.consoleAbsoluteLimit {
            try await store.run(.transaction) { try await $0.sessions.delete(id: sessionId) }
            return .timedOut
        }
        if user.isBanned(at: now) || user.deletedAt != nil { return .ended }
        let caller = authenticated(user: user, session: session, now: now)
        let isOperator = try await store.run { try await $0.users.isSuperAdmin(id: user.id) }
        guard isOperator else { return .notOperator(caller) }
        if session.aal != "aal2", let factor = user.factors.first(where: { $0.isVerified && $0.factorType == "totp" }) {
            return .needsFactor(caller, factorId: factor.id)
        }
        return .active(caller, now: now)
    }

    /// `POST /admin/logout`: ends the console session (its row), audited as a sign-out.
    func endConsoleSession(_ caller: Authenticated) async throws(AuthError) {
        let now = clock.now()
        try await store.run(.transaction) { work in
            try await work.sessions.delete(id: caller.session.id)
            try await work.audit(AuditEvent(.logout, caller.user, traits: ["method": "console"]), at: now)
        }
    }
}
