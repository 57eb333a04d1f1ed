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

import GatehouseClient

/// The one request a screen's model runs at a time, owned by the model so that leaving the
/// screen can cancel it (spec 001's cancellation item). Views start requests from
/// button actions in their own `Task`s, which nothing cancels when the screen goes away; the
/// model's `cancel()` (called from `.onDisappear`) does. Cancelling the caller's task cancels
/// the request too.
@MainActor
final class OwnedRequest {
    private var current: Task<Void, Never>?

    /// Runs `work` as the model's task and waits for it to end. While one runs, another call
    /// returns at once (the pages ignore a second tap anyway), so `cancel()` still reaches the
    /// running one.
    func run(_ work: @escaping @MainActor () async -> Void) async {
        guard current == nil else { return }
        let task = Task { @MainActor in await work() }
        current = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if current == task { current = nil }
    }

    /// Cancels the running request, if any. Its work sees `Task.isCancelled` and leaves the page
    /// as it was before the tap.
    func cancel() {
        current?.cancel()
        current = nil
    }
}

/// A sign-in or sign-up whose answer arrived after the user left the screen: the client has
/// already stored and announced the session, so end it (locally, and on the server when it can
/// be reached). Runs in a fresh task, because the screen's task is cancelled and its requests
/// would be too. Only that session is ended: one that replaced it in the meantime stays.
func endLateSession(_ session: Session, auth: any AuthClientProtocol) async {
    await Task {
        guard await auth.currentSession()?.accessToken == session.accessToken else { return }
        try? await auth.signOut(scope: .local)
    }.value
}

/// The session a sign-in or sign-up produced, kept by the request itself: when the page's
/// timeout or cancellation wins the race against an answer that did land, the client has
/// stored that session although the page shows no success, and it must be ended.
final class LandedSession: Sendable {
    private let value = Locked<Session?>(nil)

    func record(_ session: Session) { value.withLock { $0 = session } }

    /// The session, once: it is handed to `endLateSession` at most one time.
    func take() -> Session? {
        value.withLock { session in
            defer { session = nil }
            return session
        }
    }
}
