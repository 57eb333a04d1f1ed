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

/// Queues mail from a request: inside the request's unit of work, under the address's send
/// window, and nudges the outbox worker once the work has committed.
struct MailQueue: Sendable {
    let tokenHasher: OneTimeTokenHasher
    /// `GATEHOUSE_EMAIL_SEND_WINDOW`: at most one email of a kind per address per window.
    let sendWindow: Double
    let signal: WakeSignal
    /// Draws the jobs' ids.
    let random: RandomSource

    /// Queues `job` unless the address's send window for `kind` is still open; then returns
    /// the seconds left and queues nothing. Runs inside the caller's unit of work.
    ///
    /// PKCE requests have a window of their own: anyone can ask for a PKCE email to any address
    /// (with a challenge only they can answer), and that must not hold back the owner's plain
    /// request for the window.
    func enqueueWithinWindow(
        _ job: OutboxJob, kind: EmailRequestKind, email: EmailAddress, pkce: Bool = false, now: Timestamp, in work: UnitOfWork
    ) async throws -> Int? {
        if let wait = try await claimWindow(email: email, purpose: Self.windowPurpose(kind, pkce: pkce), now: now, in: work) {
            return wait
        }
        try await enqueue(job, now: now, in: work)
        return nil
    }

    /// Queues `job` (no window: notices that follow an account change). Runs inside the
    /// caller's unit of work.
    func enqueue(_ job: OutboxJob, now: Timestamp, in work: UnitOfWork) async throws {
        try await work.outbox.enqueue(job, id: random.timeOrderedUUID(at: now), now: now)
    }

    /// Opens the address's window for `purpose`; nil when it was closed, else the seconds left.
    func claimWindow(email: EmailAddress, purpose: String, now: Timestamp, in work: UnitOfWork) async throws -> Int? {
        try await work.emailWindows.claim(key: tokenHasher.addressKey(email, purpose: purpose), window: sendWindow, now: now)
    }

    /// The send window's key for a request of `kind` to `email` (a keyed hash: no address in clear).
    func windowKey(kind: EmailRequestKind, email: EmailAddress, pkce: Bool) -> String {
        tokenHasher.addressKey(email, purpose: Self.windowPurpose(kind, pkce: pkce))
    }

    private static func windowPurpose(_ kind: EmailRequestKind, pkce: Bool) -> String {
        pkce ? kind.rawValue + "/pkce" : kind.rawValue
    }

    /// Wakes the worker: call after the unit of work that queued mail has committed.
    func nudge() {
        signal.nudge()
    }

    /// The refusal of a request inside the window, with the seconds until it closes.
    static func windowStillOpen(_ wait: Int) -> AuthError {
        AuthError(.overEmailSendRateLimit, kind: .rateLimited, retryAfter: wait)
    }
}
